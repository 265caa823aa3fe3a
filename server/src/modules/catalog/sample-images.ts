import type { FileStorage } from '../../storage/file-storage';
import { variantFileName } from './product.entity';
import { variantWidths, writeImageVariants, type StoredImage } from './image-variants';

/** Draws a perfume bottle (no text, so no fonts are needed) for a sample product. */
function bottleSvg(colour: string, variant: number): string {
  const background = ['#f6f1eb', '#eef2f5', '#f3eef6'][variant % 3];
  const tilt = [0, -8, 8][variant % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="1280" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="glass" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="0.45" stop-color="${colour}" stop-opacity="0.9"/>
      <stop offset="1" stop-color="${colour}"/>
    </linearGradient>
  </defs>
  <rect width="800" height="800" fill="${background}"/>
  <ellipse cx="400" cy="690" rx="190" ry="26" fill="#000" opacity="0.08"/>
  <g transform="rotate(${tilt} 400 450)">
    <rect x="340" y="150" width="120" height="90" rx="14" fill="#2b2b2b"/>
    <rect x="370" y="232" width="60" height="40" fill="#c9a227"/>
    <rect x="230" y="270" width="340" height="410" rx="48" fill="url(#glass)" stroke="${colour}" stroke-width="6"/>
    <rect x="275" y="430" width="250" height="120" rx="10" fill="#ffffff" opacity="0.85"/>
    <rect x="305" y="470" width="190" height="14" rx="7" fill="${colour}" opacity="0.8"/>
    <rect x="335" y="500" width="130" height="10" rx="5" fill="${colour}" opacity="0.5"/>
    <rect x="260" y="300" width="36" height="340" rx="18" fill="#ffffff" opacity="0.35"/>
  </g>
</svg>`;
}

export function sampleImageName(productIndex: number, imageIndex: number): string {
  return `sample-${String(productIndex + 1).padStart(2, '0')}-${imageIndex + 1}.webp`;
}

/** Every sample image is a 1280 px square master with 640 and 320 px variants. */
export const sampleImageSize: StoredImage = { width: 1280, height: 1280, widths: [...variantWidths] };

/** Whether a sample image or any of its variants is missing from `storage` (a restart costs only these checks). */
export async function sampleImageMissing(storage: FileStorage, fileName: string): Promise<boolean> {
  const files = [fileName, ...variantWidths.map((width) => variantFileName(fileName, width))];
  const present = await Promise.all(files.map((file) => storage.exists(file)));
  return !present.every(Boolean);
}

/** Draws a sample image and writes it with its variants. */
export async function drawSampleImage(
  storage: FileStorage,
  fileName: string,
  colour: string,
  variant: number,
): Promise<void> {
  await writeImageVariants(storage, fileName, Buffer.from(bottleSvg(colour, variant)));
}
