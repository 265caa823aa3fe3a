import { formatMoney } from '../../../shared/format-money';
import './product-price.css';
import { savingCents, type ShownPrices } from './saving-cents';

interface ProductPriceProps {
  /** The product's figures (its default size's), or the chosen size's on the product page. */
  product: ShownPrices;
  /**
   * The cheapest size's price when the sizes differ in price (a card): the block then says only "from Ksh …",
   * since the default size's sale and saving would not be the price shown.
   */
  fromCents?: number;
  /** Extra line under the price, e.g. the product page's 'Tax included'. */
  note?: string;
  className?: string;
}

export function ProductPrice({ product, fromCents, note, className = 'product-price' }: ProductPriceProps) {
  const saving = fromCents === undefined ? savingCents(product) : 0;
  return (
    <div className={className}>
      <p className="product-price__amounts">
        {fromCents !== undefined ? (
          <>
            from <strong>{formatMoney(fromCents)}</strong>
          </>
        ) : saving > 0 ? (
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
