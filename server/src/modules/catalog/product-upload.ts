import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload-minimal';
import sharp from 'sharp';
import { AppError, FieldError } from '../../core/errors';
import { isValidKey, type FileStorage } from '../../storage/file-storage';
import { variantWidths, writeImageVariants, type StoredImage } from './image-variants';
import { variantFileName } from './product.entity';

/** Spec §5 and §9: up to 10 images per product, 5 MB (5,242,880 bytes) each. */
export const maxProductImages = 10;
export const maxImageBytes = 5 * 1024 * 1024;

/**
 * Limits for graphqlUploadExpress: one byte over a file's limit, so the stream ends early and our own check
 * answers "exceeds 5MB" as data; more files than allowed, so our count check answers 'Maximum of 10…'.
 * Beyond these the middleware refuses the request itself.
 */
export const uploadMiddlewareLimits = { maxFileSize: maxImageBytes + 1, maxFiles: 20 };

/** Formats sharp decodes that make sense for a product photo (no SVG or PDF: they are documents). */
const imageFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** A 5 MB file can still claim billions of pixels; 50 megapixels covers any camera photo. */
const limitInputPixels = 50_000_000;

export const imageMessages = {
  required: 'At least one product image is required',
  tooMany: 'Maximum of 10 images allowed.',
  tooLarge: (name: string) => `File '${name}' exceeds 5MB limit.`,
  notImage: (name: string) => `File '${name}' is not an image.`,
  processing: 'Error processing one or more images.',
} as const;

export interface IncomingImageFile {
  /** The client's file name: shown in messages, never used to store anything. */
  name: string;
  /** The bytes, or null as soon as more than `maxBytes` arrived (the rest is not kept). */
  read(maxBytes: number): Promise<Buffer | null>;
  /** Lets an unread file flow past so the request completes. */
  discard(): Promise<void>;
}

/**
 * One uploaded file, opened when its turn comes: multipart files arrive one after another, so they are
 * read in order (waiting for the second before reading the first would stall the request).
 */
export type ImageSource = () => Promise<IncomingImageFile>;

function isTooLargeError(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 413;
}

async function readLimited(open: () => Readable, maxBytes: number): Promise<Buffer | null> {
  let stream: Readable;
  try {
    stream = open();
  } catch (error) {
    if (isTooLargeError(error)) return null;
    throw error;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit nothing more is kept; the middleware stops the part one byte over it.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes || (stream as Readable & { truncated?: boolean }).truncated) return null;
  return Buffer.concat(chunks);
}

/** Files of a GraphQL multipart request (graphql-upload-minimal's Upload scalar). */
export function graphQLImageSources(uploads: Promise<FileUpload>[] | null | undefined): ImageSource[] {
  return (uploads ?? []).map((upload) => async () => {
    const file = await upload;
    return {
      name: file.filename,
      read: (maxBytes) => readLimited(() => file.createReadStream(), maxBytes),
      discard: async () => {
        try {
          await readLimited(() => file.createReadStream(), 0);
        } catch {
          // Already read, or the request ended: nothing left to let through.
        }
      },
    };
  });
}

/** A file of a parsed multipart form (the platform's File). */
export interface FormFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Files of a REST multipart request, already parsed. */
export function webFileSources(files: FormFile[]): ImageSource[] {
  return files.map((file) => async () => ({
    name: file.name,
    read: async (maxBytes) => (file.size > maxBytes ? null : Buffer.from(await file.arrayBuffer())),
    discard: async () => undefined,
  }));
}

export interface CheckedImage {
  name: string;
  data: Buffer;
}

type Inspection = 'image' | 'not-image' | 'broken';

/** Decides by the content, never the declared type or the name: sharp reads the header, then decodes it all. */
async function inspect(data: Buffer): Promise<Inspection> {
  let format: string | undefined;
  try {
    const metadata = await sharp(data, { limitInputPixels }).metadata();
    if (!metadata.width || !metadata.height) return 'not-image';
    format = metadata.format;
  } catch {
    return 'not-image';
  }
  if (!format || !imageFormats.has(format)) return 'not-image';
  try {
    // A real decode (to a thumbnail) finds truncated or corrupt data that the header alone hides.
    await sharp(data, { limitInputPixels, failOn: 'warning' })
      .resize({ width: 64, height: 64, fit: 'inside' })
      .toBuffer();
    return 'image';
  } catch {
    return 'broken';
  }
}

/** Lets every file of a refused request flow past unread. */
export async function discardImages(sources: ImageSource[]): Promise<void> {
  for (const source of sources) {
    try {
      await (await source()).discard();
    } catch {
      // A file that never arrived has nothing to discard.
    }
  }
}

/**
 * Reads and checks uploaded images with the spec's messages (field 'images'), before anything is written.
 * `kept` is how many images the product keeps (0 for a new product).
 */
export async function readImages(
  sources: ImageSource[],
  kept: number,
): Promise<{ images: CheckedImage[]; errors: FieldError[] }> {
  if (kept + sources.length > maxProductImages) {
    await discardImages(sources);
    return { images: [], errors: [FieldError.of('images', 'TOO_MANY_IMAGES', imageMessages.tooMany)] };
  }
  if (kept + sources.length === 0) {
    return { images: [], errors: [FieldError.of('images', 'REQUIRED', imageMessages.required)] };
  }
  const images: CheckedImage[] = [];
  const errors: FieldError[] = [];
  let broken = false;
  for (const source of sources) {
    let file: IncomingImageFile;
    let data: Buffer | null;
    try {
      file = await source();
      data = await file.read(maxImageBytes);
    } catch {
      broken = true;
      continue;
    }
    if (data === null) {
      errors.push(FieldError.of('images', 'FILE_TOO_LARGE', imageMessages.tooLarge(file.name)));
      continue;
    }
    const inspection = await inspect(data);
    if (inspection === 'not-image')
      errors.push(FieldError.of('images', 'NOT_AN_IMAGE', imageMessages.notImage(file.name)));
    else if (inspection === 'broken') broken = true;
    else images.push({ name: file.name, data });
  }
  if (broken) errors.push(FieldError.of('images', 'IMAGE_PROCESSING_FAILED', imageMessages.processing));
  return { images, errors };
}

export type StoredProductImage = StoredImage & { fileName: string };

/** A random storage key: nothing of the client's name reaches the disk. */
function generatedImageName(): string {
  return `product-${randomBytes(16).toString('hex')}.webp`;
}

/** Every file an image occupies: the master and its smaller variants. */
function imageFiles(image: { fileName: string; widths: number[] }): string[] {
  return [image.fileName, ...image.widths.map((width) => variantFileName(image.fileName, width))];
}

/** Removes images' files (all variants); a file already gone is fine. */
export async function removeImageFiles(
  storage: FileStorage,
  images: { fileName: string; widths: number[] }[],
): Promise<void> {
  const names = images.flatMap(imageFiles).filter(isValidKey);
  await Promise.all(names.map((name) => storage.delete(name)));
}

/** Writes checked images under generated names; if one fails, the ones written are removed again. */
export async function storeImages(storage: FileStorage, images: CheckedImage[]): Promise<StoredProductImage[]> {
  const stored: StoredProductImage[] = [];
  try {
    for (const image of images) {
      const fileName = generatedImageName();
      // Recorded before writing so a half-written set of variants is cleaned up too.
      const entry: StoredProductImage = { fileName, width: 0, height: 0, widths: [] };
      stored.push(entry);
      Object.assign(entry, await writeImageVariants(storage, fileName, image.data));
    }
    return stored;
  } catch {
    await removeImageFiles(
      storage,
      stored.map((image) => ({ fileName: image.fileName, widths: [...variantWidths] })),
    );
    throw AppError.field('images', 'IMAGE_PROCESSING_FAILED', imageMessages.processing);
  }
}
