import { Router, type RequestHandler } from 'express';
import { sendData } from '../../core/envelope';
import { queryNumber } from '../../shared/query-params';
import { centsToShillings } from '../../shared/money';
import { pageOf } from '../../shared/pagination';
import { searchQueryOf } from './catalog-search';
import { catalogService } from './catalog.service';
import type { ProductView } from './catalog.views';

/** A product as the spec's REST calls carry it: shillings as numbers, image file names. */
export function toRestProduct(product: ProductView) {
  const fileNames = product.images.map((image) => image.fileName);
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: centsToShillings(product.priceCents),
    salePrice: product.salePriceCents === null ? null : centsToShillings(product.salePriceCents),
    onSale: product.onSale,
    quantity: product.quantity,
    inStock: product.inStock,
    images: fileNames,
    image: fileNames[0] ?? null,
    createdAt: product.createdAt.toISOString(),
    // Beside the spec's fields (the default size's): every size on sale, default first, whose id `carts/add` takes
    // as `variant_id`.
    sizes: product.variants.map((size) => ({
      id: size.id,
      size: size.label,
      sizeMl: size.sizeMl,
      concentration: size.concentration,
      isSample: size.isSample,
      sku: size.sku,
      price: centsToShillings(size.priceCents),
      salePrice: size.salePriceCents === null ? null : centsToShillings(size.salePriceCents),
      onSale: size.onSale,
      quantity: size.quantity,
      inStock: size.inStock,
    })),
  };
}

/** cachedPublicly: the HTTP layer's middleware that keeps a GET's answer for everyone (http/cache-responses.ts). */
export function catalogRoutes(cachedPublicly: RequestHandler): Router {
  const router = Router();

  router.get('/products/list', cachedPublicly, async (request, response) => {
    const page = pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 100);
    const products = await catalogService.listProducts(request.ctx, { page });
    sendData(response, products.map(toRestProduct), 'Products fetched');
  });

  // The /search page's results for API clients: ?q= (2–100 characters, typo-tolerant), the closest names first.
  router.get('/products/search', cachedPublicly, async (request, response) => {
    const page = pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 60);
    const query = searchQueryOf(typeof request.query.q === 'string' ? request.query.q : '', 'q');
    // Under two letters is no search, so nothing found rather than the whole catalogue.
    const products = query ? await catalogService.listProducts(request.ctx, { filter: { query }, page }) : [];
    sendData(response, products.map(toRestProduct), 'Products fetched');
  });

  router.get('/categories/list', cachedPublicly, async (request, response) => {
    const categories = await catalogService.listCategories(request.ctx);
    sendData(
      response,
      categories.map(({ id, name, slug }) => ({ id, name, slug })),
      'Categories fetched',
    );
  });

  return router;
}
