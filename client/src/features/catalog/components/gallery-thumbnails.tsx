import type { ProductPhoto_ImageFragment } from '../api/product-photo.generated';
import { ProductPhoto } from './product-photo';

interface GalleryThumbnailsProps {
  images: readonly ProductPhoto_ImageFragment[];
  index: number;
  onSelect: (position: number) => void;
  className: string;
  label: string;
}

/** The thumbnail strip shared by the product page's gallery and the full-screen viewer; nothing when one image. */
export function GalleryThumbnails({ images, index, onSelect, className, label }: GalleryThumbnailsProps) {
  const count = images.length;
  if (count < 2) return null;
  return (
    <ul className={className} aria-label={label}>
      {images.map((image, position) => (
        <li key={image.id}>
          <button
            type="button"
            className="gallery-thumb"
            onClick={() => onSelect(position)}
            aria-label={`Show image ${position + 1} of ${count}`}
            aria-current={position === index ? 'true' : undefined}
          >
            <ProductPhoto image={image} alt="" sizes="80px" />
          </button>
        </li>
      ))}
    </ul>
  );
}
