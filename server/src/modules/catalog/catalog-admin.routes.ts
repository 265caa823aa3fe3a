import { Readable, Transform } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import { sendData } from '../../core/envelope';
import { AppError } from '../../core/errors';
import { describeProblem, formDataProblem } from '../../shared/input-check';
import { shillingsToCents } from '../../shared/money';
import { Permission, requirePermission } from '../accounts/guards';
import { catalogAdminService } from './catalog-admin.service';
import { categoryAdminService } from './category-admin.service';
import { matchCategoryText, type ProductDraft } from './product-form-rules';
import type { ImageChanges } from './product-image-files';
import { catalogService } from './catalog.service';
import { toRestProduct } from './catalog.routes';
import {
  maxImageBytes,
  uploadMiddlewareLimits,
  webFileSources,
  type FormFile,
  type ImageSource,
} from './product-upload';

/** A multipart body is read whole (undici's parser); beyond this it is refused without buffering more. */
const maxMultipartBytes = uploadMiddlewareLimits.maxFiles * maxImageBytes + 1024 * 1024;

const tooLarge = () => AppError.field('images', 'REQUEST_TOO_LARGE', 'The request body is too large.');

/** Parses a multipart/form-data request with the platform's own parser (Request.formData), capped in size. */
async function readMultipart(request: Request): Promise<FormData> {
  if (Number(request.get('content-length') ?? 0) > maxMultipartBytes) throw tooLarge();
  let size = 0;
  const capped = request.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > maxMultipartBytes ? tooLarge() : null, chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': request.get('content-type') ?? '' },
      body: Readable.toWeb(capped) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit).formData();
  } catch (error) {
    if (size > maxMultipartBytes) throw tooLarge();
    throw new AppError('BAD_USER_INPUT', `The form could not be read: ${(error as Error).message}`);
  }
  // The same check as JSON bodies get (http/input-guard.ts), which cannot see inside a form.
  const problem = formDataProblem(form);
  if (problem) throw AppError.field(problem.path, 'INVALID_INPUT', describeProblem(problem));
  return form;
}

/** Files sent as images[0], images[1]… (or images[] / images), in the order of their index, else as sent. */
function filesOf(form: FormData, field: string): FormFile[] {
  const pattern = new RegExp(`^${field}(?:\\[(\\d*)\\])?$`);
  const files: { index: number; file: FormFile }[] = [];
  let order = 0;
  for (const [key, value] of form.entries()) {
    const match = pattern.exec(key);
    if (!match || typeof value === 'string') continue;
    files.push({ index: match[1] ? Number(match[1]) : order, file: value });
    order += 1;
  }
  return files.sort((left, right) => left.index - right.index).map((entry) => entry.file);
}

function textsOf(form: FormData, field: string): string[] {
  const pattern = new RegExp(`^${field}(?:\\[\\d*\\])?$`);
  return [...form.entries()]
    .filter(([key, value]) => pattern.test(key) && typeof value === 'string')
    .map(([, value]) => value as string);
}

const flag = (value: unknown) => value === '1' || value === 'true' || value === 1 || value === true;

function wholeNumber(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * The spec's product form as REST sends it: shillings as numbers ('1234.50' → 123450 cents, never more than
 * two decimals), booleans as 1/0, the category as text ('FOR MEN FOR WOMEN') naming existing categories.
 */
async function draftFromForm(request: Request, form: FormData): Promise<ProductDraft> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const categoryText = field('category') ?? '';
  const categories = await catalogService.listCategories(request.ctx);
  const categoryIds = categoryText.trim() ? matchCategoryText(categoryText, categories) : [];
  if (categoryIds === null) throw AppError.field('category', 'UNKNOWN_CATEGORY', 'Category not found');
  const quantity = wholeNumber(field('quantity'));
  return {
    name: field('name'),
    description: field('description'),
    categoryIds,
    priceCents: shillingsToCents(field('price')),
    // The spec's form sends quantity and inStock; stock is the quantity, so inStock=0 alone means none left.
    quantity: quantity ?? (field('quantity') === undefined && field('inStock') === '0' ? 0 : undefined),
    onSale: flag(field('onSale')),
    salePriceCents: shillingsToCents(field('salePrice')),
  };
}

function imageSourcesOf(form: FormData): ImageSource[] {
  return webFileSources(filesOf(form, 'images'));
}

function idOf(request: Request): number {
  const id = wholeNumber(request.params.id);
  if (id === undefined) throw AppError.notFound('Product not found');
  return id;
}

/** An edit with the whole form and its new images; `imageChanges` reads from the form which current images stay. */
async function updateFromForm(
  request: Request,
  response: Response,
  imageChanges: (form: FormData) => ImageChanges,
): Promise<void> {
  const id = idOf(request);
  const form = await readMultipart(request);
  const product = await catalogAdminService.updateProduct(
    request.ctx,
    id,
    await draftFromForm(request, form),
    imageSourcesOf(form),
    imageChanges(form),
  );
  sendData(response, toRestProduct(product), 'Product updated successfully');
}

/** Spec §7's admin calls for products and categories; multipart calls carry a Bearer token (see app.ts). */
export function catalogAdminRoutes(): Router {
  const router = Router();

  router.post('/products/add', async (request, response) => {
    requirePermission(request.ctx, Permission.CATALOGUE);
    const form = await readMultipart(request);
    const draft = await draftFromForm(request, form);
    const product = await catalogAdminService.createProduct(request.ctx, draft, imageSourcesOf(form));
    sendData(response, toRestProduct(product), 'Product created successfully', 201);
  });

  /** The spec's edit form: POST with _method=PUT; existing_images[n] lists the images it keeps. */
  router.post('/products/update/:id', async (request, response) => {
    requirePermission(request.ctx, Permission.CATALOGUE);
    await updateFromForm(request, response, (form) => ({ keepOnly: textsOf(form, 'existing_images') }));
  });

  /** JSON { quantity, inStock } for the inventory's quick edit, or the whole form with images[] and removeImages[]. */
  router.put('/products/update/:id', async (request, response) => {
    // The inventory's quick edit is stock work (staff); the whole form is the catalogue's (manager).
    requirePermission(request.ctx, request.is('multipart/form-data') ? Permission.CATALOGUE : Permission.STOCK);
    if (request.is('multipart/form-data')) {
      await updateFromForm(request, response, (form) => ({ remove: textsOf(form, 'removeImages') }));
      return;
    }
    const id = idOf(request);
    const body = (request.body ?? {}) as { quantity?: unknown; inStock?: unknown };
    const quantity =
      body.quantity === undefined && body.inStock !== undefined && !flag(body.inStock) ? 0 : body.quantity;
    const product = await catalogAdminService.updateQuantity(
      request.ctx,
      id,
      typeof quantity === 'string' ? (wholeNumber(quantity) ?? quantity) : quantity,
    );
    sendData(response, toRestProduct(product), 'Quantity updated successfully');
  });

  router.delete('/products/delete/:id', async (request, response) => {
    requirePermission(request.ctx, Permission.CATALOGUE);
    const result = await catalogAdminService.deleteProduct(request.ctx, idOf(request));
    sendData(
      response,
      { id: result.deletedId, archived: result.archived },
      result.archived
        ? 'Product removed from the shop; it stays in the orders that include it'
        : 'Product deleted successfully',
    );
  });

  router.post('/categories/add', async (request, response) => {
    requirePermission(request.ctx, Permission.CATALOGUE);
    const category = await categoryAdminService.createCategory(request.ctx, request.body?.name);
    sendData(
      response,
      { id: category.id, name: category.name, slug: category.slug },
      'Category added successfully',
      201,
    );
  });

  router.delete('/categories/delete/:idOrName', async (request, response) => {
    requirePermission(request.ctx, Permission.CATALOGUE);
    const result = await categoryAdminService.deleteCategory(request.ctx, request.params.idOrName);
    sendData(response, { id: result.deletedId }, 'Category deleted successfully');
  });

  return router;
}
