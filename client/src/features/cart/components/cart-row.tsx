import { Link } from 'react-router-dom';
import type { CartLine } from '../../../shared/cart/use-cart';
import { formatMoney } from '../../../shared/format-money';

interface CartRowProps {
  line: CartLine;
  /** Whether another line holds another size of this product: the row's name then says which size it is. */
  sizeInName: boolean;
  /** True while this line's update or removal is on its way. */
  updating: boolean;
  onQuantityChange: (line: CartLine, quantity: number) => void;
  onRemove: (line: CartLine) => void;
}

// SPEC §2 Cart: image, name, category, 'unit × quantity = line total', minus (never below 1) / plus, Remove.
export function CartRow({ line, sizeInName, updating, onQuantityChange, onRemove }: CartRowProps) {
  const { product, variant } = line;
  const image = product.images[0];
  // Two sizes of one perfume are two lines: the size tells them apart (the size shows under the name either way).
  const name = sizeInName && variant.label ? `${product.name} (${variant.label})` : product.name;
  return (
    <li className="cart-row" aria-busy={updating || undefined} aria-label={name}>
      <div className="cart-row__image">
        {image ? (
          <img src={image.url} alt={product.name} width={96} height={96} loading="lazy" />
        ) : (
          <span className="cart-row__no-image">No Image</span>
        )}
      </div>
      <div className="cart-row__details">
        <Link to={`/product/${product.id}`} className="cart-row__name">
          {product.name}
        </Link>
        {variant.label ? <p className="cart-row__size">{variant.label}</p> : null}
        <p className="cart-row__category">{product.category}</p>
        <p className="cart-row__price">
          {formatMoney(line.unitPriceCents)} × {line.quantity} = {formatMoney(line.lineTotalCents)}
        </p>
      </div>
      <div className="cart-row__actions">
        <div className="cart-row__quantity" role="group" aria-label={`Quantity of ${name}`}>
          <button
            type="button"
            className="cart-row__step"
            aria-label="Decrease quantity"
            disabled={updating || line.quantity <= 1}
            onClick={() => onQuantityChange(line, line.quantity - 1)}
          >
            −
          </button>
          <span className="cart-row__count" aria-label="Quantity">
            {line.quantity}
          </span>
          <button
            type="button"
            className="cart-row__step"
            aria-label="Increase quantity"
            disabled={updating}
            onClick={() => onQuantityChange(line, line.quantity + 1)}
          >
            +
          </button>
        </div>
        <button type="button" className="cart-row__remove" disabled={updating} onClick={() => onRemove(line)}>
          Remove
        </button>
      </div>
      {updating ? (
        <div className="cart-row__overlay" role="status" aria-label={`Updating ${name}`}>
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : null}
    </li>
  );
}
