import sharp from 'sharp';
import type { FileStorage } from '../../storage/file-storage';
import { variantFileName } from './product.entity';

// libvips' operation cache (up to 50 MB by default) keeps decoded images for operations that repeat; the shop never
// repeats one (each upload is drawn once), so it held memory for nothing: the first start drawing the sample
// images peaked above 300 MB with it.
sharp.cache(false);

/** The master is at most 1280 px wide; smaller WebP variants serve phones (srcset). */
export const masterWidth = 1280;
export const variantWidths = [320, 640] as const;

export interface StoredImage {
  width: number;
  height: number;
  widths: number[];
}

/** Stores `fileName` (WebP master) and its smaller variants from any image sharp decodes. */
export async function writeImageVariants(storage: FileStorage, fileName: string, input: Buffer): Promise<StoredImage> {
  const master = await sharp(input)
    .rotate()
    .resize({ width: masterWidth, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  await storage.put(fileName, master.data, 'image/webp');
  const widths: number[] = [];
  for (const width of variantWidths) {
    if (width >= master.info.width) continue;
    const variant = await sharp(master.data).resize({ width }).webp({ quality: 75 }).toBuffer();
    await storage.put(variantFileName(fileName, width), variant, 'image/webp');
    widths.push(width);
  }
  return { width: master.info.width, height: master.info.height, widths };
}
