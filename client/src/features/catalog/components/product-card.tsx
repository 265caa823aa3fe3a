import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductCard_ProductFragment } from '../api/product-card.generated';
import imageSizes from '../image-sizes.json';
import { AddToCartButton } from './add-to-cart-button';
import { GalleryViewer } from './gallery-viewer';
import { NoImage, ProductPhoto } from './product-photo';
import { ProductPrice } from './product-price';
import './product-card.css';

export interface ProductCardProps {
  product: ProductCard_ProductFragment;
  /** For the first cards of a page: their image loads eagerly instead of lazily. */
  priority?: boolean;
}

// Grids are one column of two cards on phones and ~300 px cards elsewhere. The server preloads the first card's
// image with the same sizes (image-sizes.json, carried to it in the build's server-manifest.json).
export function ProductCard({ product, priority = false }: ProductCardProps) {
  const nameId = useId();
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const { images } = product;
  const first = images[0];
  const onSale = product.onSale && product.salePriceCents !== null;

  return (
    <article className="product-card" aria-labelledby={nameId}>
      <div className="product-card__media">
        {first ? (
          <button
            type="button"
            className="product-card__image-button"
            onClick={() => setGalleryIndex(0)}
            aria-haspopup="dialog"
            aria-label={
              images.length > 1
                ? `Open image gallery of ${product.name} (${images.length} images)`
                : `Open image of ${product.name}`
            }
          >
            <ProductPhoto image={first} alt={product.name} sizes={imageSizes.productCard} priority={priority} />
          </button>
        ) : (
          <NoImage productName={product.name} />
        )}
        {/* Outside the button: its visible text must not differ from the button's name (WCAG 2.5.3). */}
        {first && images.length > 1 ? (
          <span className="product-card__more" aria-hidden="true">
            +{images.length - 1}
          </span>
        ) : null}
        {onSale ? <span className="product-card__badge">On Sale!</span> : null}
      </div>
      <h3 id={nameId} className="product-card__name">
        {product.name}
      </h3>
      <p className="product-card__category">{product.category}</p>
      <ProductPrice product={product} fromCents={product.pricesDiffer ? product.fromPriceCents : undefined} />
      <div className="product-card__actions">
        <Link to={`/product/${product.id}`} className="button button--outline" aria-describedby={nameId}>
          View Details
        </Link>
        {!product.inStock && product.anySizeInStock ? (
          // The default size (what this button adds) is sold out, another size is not: the product page offers it.
          <Link to={`/product/${product.id}`} className="button" aria-describedby={nameId}>
            Choose a Size
          </Link>
        ) : (
          <AddToCartButton productId={product.id} inStock={product.inStock} describedBy={nameId} />
        )}
      </div>
      {galleryIndex !== null ? (
        <GalleryViewer
          images={images}
          productName={product.name}
          index={galleryIndex}
          onIndexChange={setGalleryIndex}
          onClose={() => setGalleryIndex(null)}
        />
      ) : null}
    </article>
  );
}
