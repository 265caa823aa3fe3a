import type { ProductPrice_ProductFragment } from '../api/product-price.generated';
import { formatMoney } from '../../../shared/format-money';
import './product-price.css';

interface ProductPriceProps {
  product: ProductPrice_ProductFragment;
  /** Extra line under the price, e.g. the product page's 'Tax included'. */
  note?: string;
  className?: string;
}

/** Regular price − sale price, in integer cents; zero when the product is not on sale. */
export function savingCents(product: ProductPrice_ProductFragment): number {
  if (!product.onSale || product.salePriceCents === null || product.salePriceCents === undefined) return 0;
  return Math.max(0, product.priceCents - product.salePriceCents);
}

export function ProductPrice({ product, note, className = 'product-price' }: ProductPriceProps) {
  const saving = savingCents(product);
  return (
    <div className={className}>
      <p className="product-price__amounts">
        {saving > 0 ? (
          <>
            <s aria-label={`Regular price ${formatMoney(product.priceCents)}`}>{formatMoney(product.priceCents)}</s>{' '}
            <span className="visually-hidden">Sale price </span>
            <strong>{formatMoney(product.effectivePriceCents)}</strong>
          </>
        ) : (
          <strong>{formatMoney(product.effectivePriceCents)}</strong>
        )}
      </p>
      {saving > 0 ? <p className="product-price__saving">Save {formatMoney(saving)}</p> : null}
      {note ? <p className="product-price__note">{note}</p> : null}
    </div>
  );
}
