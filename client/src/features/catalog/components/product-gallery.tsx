import { useState } from 'react';
import type { ProductPhoto_ImageFragment } from '../api/product-photo.generated';
import imageSizes from '../image-sizes.json';
import { GalleryThumbnails } from './gallery-thumbnails';
import { GalleryViewer } from './gallery-viewer';
import { NoImage, ProductPhoto } from './product-photo';

interface ProductGalleryProps {
  images: readonly ProductPhoto_ImageFragment[];
  productName: string;
  /** The image to show first, and to show again whenever it changes (the chosen size's own image). */
  shownImageId?: string;
}

// The product page's inline gallery: a large image (opening the full-screen viewer) and thumbnails.
export function ProductGallery({ images, productName, shownImageId }: ProductGalleryProps) {
  const indexOf = (imageId: string | undefined) =>
    Math.max(
      0,
      images.findIndex((image) => image.id === imageId),
    );
  const [index, setIndex] = useState(() => indexOf(shownImageId));
  // Another size chosen: its image shows (adjusted while rendering, not in an effect, so no frame shows the old one).
  const [shownFor, setShownFor] = useState(shownImageId);
  if (shownFor !== shownImageId) {
    setShownFor(shownImageId);
    if (shownImageId !== undefined) setIndex(indexOf(shownImageId));
  }
  const [viewerOpen, setViewerOpen] = useState(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  if (!current) {
    return (
      <div className="product-gallery">
        <div className="product-gallery__main">
          <NoImage productName={productName} />
        </div>
      </div>
    );
  }

  return (
    <div className="product-gallery">
      <button
        type="button"
        className="product-gallery__main"
        onClick={() => setViewerOpen(true)}
        aria-haspopup="dialog"
        aria-label={`View ${productName} full screen`}
      >
        <ProductPhoto
          image={current}
          alt={count > 1 ? `${productName}, image ${index + 1} of ${count}` : productName}
          sizes={imageSizes.productImage}
          priority
        />
      </button>
      <GalleryThumbnails
        images={images}
        index={index}
        onSelect={setIndex}
        className="product-gallery__thumbs"
        label="Product images"
      />
      {viewerOpen ? (
        <GalleryViewer
          images={images}
          productName={productName}
          index={index}
          onIndexChange={setIndex}
          onClose={() => setViewerOpen(false)}
        />
      ) : null}
    </div>
  );
}
