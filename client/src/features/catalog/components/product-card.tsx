import { Link } from 'react-router-dom';
import type { ProductCard_ProductFragment } from '../../../shared/api/generated';
import { formatMoney } from '../../../shared/format-money';
import './product-card.css';

interface ProductCardProps {
  product: ProductCard_ProductFragment;
}

// Gallery, Add to Cart and the '+N' overlay come with the catalog issue; this renders what every grid needs.
export function ProductCard({ product }: ProductCardProps) {
  const image = product.images[0];
  const onSale = product.onSale && product.salePriceCents !== null;
  const savingCents = onSale ? product.priceCents - product.effectivePriceCents : 0;

  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-name`}>
      <div className="product-card__media">
        {image ? (
          <img src={image.url} alt={product.name} loading="lazy" width={300} height={300} />
        ) : (
          <div className="product-card__no-image" role="img" aria-label={`${product.name}: no image`}>
            No Image
          </div>
        )}
        {onSale ? <span className="product-card__badge">On Sale!</span> : null}
      </div>
      <h3 id={`product-${product.id}-name`} className="product-card__name">
        {product.name}
      </h3>
      <p className="product-card__category">{product.category}</p>
      <p className="product-card__price">
        {onSale ? (
          <>
            <s aria-label={`Regular price ${formatMoney(product.priceCents)}`}>{formatMoney(product.priceCents)}</s>{' '}
            <strong>{formatMoney(product.effectivePriceCents)}</strong>
          </>
        ) : (
          <strong>{formatMoney(product.effectivePriceCents)}</strong>
        )}
      </p>
      {savingCents > 0 ? <p className="product-card__saving">Save {formatMoney(savingCents)}</p> : null}
      <Link to={`/product/${product.id}`} className="button button--outline">
        View Details
      </Link>
    </article>
  );
}
