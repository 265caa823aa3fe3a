import type { ProductPrice_ProductFragment } from '../api/product-price.generated';
import { formatMoney } from '../../../shared/format-money';
import './product-price.css';
import { savingCents } from './saving-cents';

interface ProductPriceProps {
  product: ProductPrice_ProductFragment;
  /** Extra line under the price, e.g. the product page's 'Tax included'. */
  note?: string;
  className?: string;
}

export function ProductPrice({ product, note, className = 'product-price' }: ProductPriceProps) {
  const saving = savingCents(product);
  return (
    <div className={className}>
      <p className="product-price__amounts">
        {saving > 0 ? (
          <>
            {/* Words, not an aria-label on <s> (not allowed there, and screen readers do not announce strike-through). */}
            <span className="visually-hidden">Was </span>
            <s>{formatMoney(product.priceCents)}</s> <span className="visually-hidden">Now </span>
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
