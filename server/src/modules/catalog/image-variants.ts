import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { variantFileName } from './product-image.entity';

/** The master is at most 1280 px wide; smaller WebP variants serve phones (srcset). */
export const masterWidth = 1280;
export const variantWidths = [320, 640] as const;

export interface StoredImage {
  width: number;
  height: number;
  widths: number[];
}

/** Writes `fileName` (WebP master) and its smaller variants under `uploadsDir` from any image sharp decodes. */
export async function writeImageVariants(uploadsDir: string, fileName: string, input: Buffer): Promise<StoredImage> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const master = await sharp(input)
    .rotate()
    .resize({ width: masterWidth, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  await fs.writeFile(path.join(uploadsDir, fileName), master.data);
  const widths: number[] = [];
  for (const width of variantWidths) {
    if (width >= master.info.width) continue;
    const variant = await sharp(master.data).resize({ width }).webp({ quality: 75 }).toBuffer();
    await fs.writeFile(path.join(uploadsDir, variantFileName(fileName, width)), variant);
    widths.push(width);
  }
  return { width: master.info.width, height: master.info.height, widths };
}
