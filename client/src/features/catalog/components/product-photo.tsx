import type { ProductPhoto_ImageFragment } from '../api/product-photo.generated';

interface ProductPhotoProps {
  image: ProductPhoto_ImageFragment;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the right srcSet entry. */
  sizes: string;
  /** Above-the-fold images load eagerly and first; the rest wait until they are near the viewport. */
  priority?: boolean;
  className?: string;
}

export function ProductPhoto({ image, alt, sizes, priority = false, className }: ProductPhotoProps) {
  return (
    <img
      src={image.url}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}

// SPEC §5: a 100x100 'No Image' placeholder, drawn inline so it needs no request and works offline.
const NO_IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">' +
  '<rect width="100" height="100" fill="#eee7e1"/>' +
  '<text x="50" y="54" font-family="sans-serif" font-size="13" fill="#6b625c" text-anchor="middle">No Image</text>' +
  '</svg>';
export const NO_IMAGE_SRC = `data:image/svg+xml,${encodeURIComponent(NO_IMAGE_SVG)}`;

interface NoImageProps {
  productName: string;
  className?: string;
}

export function NoImage({ productName, className }: NoImageProps) {
  return (
    <img
      src={NO_IMAGE_SRC}
      width={100}
      height={100}
      alt={`${productName}: No Image`}
      className={className ? `no-image ${className}` : 'no-image'}
    />
  );
}
