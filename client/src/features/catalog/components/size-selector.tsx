import { useId } from 'react';
import type { SizeSelector_VariantFragment } from '../api/size-selector.generated';
import { formatMoney } from '../../../shared/format-money';
import { savingCents } from './saving-cents';
import { stockText } from './stock-text';
import './size-selector.css';

interface SizeSelectorProps {
  sizes: readonly SizeSelector_VariantFragment[];
  /** The chosen size's id. */
  value: number;
  onChange: (sizeId: number) => void;
}

/**
 * The product page's sizes as buttons: native radios (one tab stop, arrow keys move the choice) drawn as buttons,
 * each named by its size and described by its price and stock. A sold-out size can be chosen (its price and "Sold
 * out" show, and its URL can be shared) but not added: the page's Add to Cart says Out of Stock.
 */
export function SizeSelector({ sizes, value, onChange }: SizeSelectorProps) {
  const id = useId();
  return (
    <fieldset className="size-selector">
      <legend className="size-selector__legend">Size</legend>
      <div className="size-selector__options">
        {sizes.map((size, index) => {
          const saving = savingCents(size);
          const stock = stockText(size);
          const nameId = `${id}-${size.id}-name`;
          const detailsId = `${id}-${size.id}-details`;
          return (
            <label key={size.id} className={size.inStock ? 'size-option' : 'size-option size-option--sold-out'}>
              <input
                type="radio"
                className="size-option__input"
                name={`${id}-size`}
                value={size.id}
                checked={size.id === value}
                onChange={() => onChange(size.id)}
                aria-labelledby={nameId}
                aria-describedby={detailsId}
              />
              <span className="size-option__body">
                <span id={nameId} className="size-option__name">
                  {size.label || `Size ${index + 1}`}
                </span>
                <span id={detailsId} className="size-option__details">
                  <span className="size-option__price">
                    {saving > 0 ? (
                      <>
                        <span className="visually-hidden">Was </span>
                        <s>{formatMoney(size.priceCents)}</s> <span className="visually-hidden">Now </span>
                      </>
                    ) : null}
                    {formatMoney(size.effectivePriceCents)}
                  </span>
                  {stock ? (
                    <span className="size-option__stock">
                      <span className="visually-hidden">, </span>
                      {stock}
                    </span>
                  ) : null}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
