import { discountLabel, formatDiscount, formatMoney } from '../../../shared/format-money';
import { freeDeliveryProgressText, locationPromiseText } from '../../../shared/delivery/delivery-text';
import { orderTotals, type CartQuote, type DeliveryOption } from '../order-totals';
import { DiscountCodeField } from './discount-code-field';

/** The cart's discount as the server priced it. */
export interface CartDiscount {
  code: string | null;
  cents: number;
  problem: string | null;
}

interface OrderSummaryProps {
  /** The server's figures for the cart (decision 0076). */
  quote: CartQuote & { freeDeliveryShortfallCents: number };
  discount: CartDiscount;
  locations: DeliveryOption[];
  locationsFailed: boolean;
  /** The server's free-delivery threshold, for its sentence; null while it loads. */
  freeDeliveryFromCents: number | null;
  /** The chosen location, one of `locations`; CartPage owns the choice and also hands it to checkout. */
  selected: DeliveryOption | null;
  onSelect: (id: number) => void;
  onCheckout: () => void;
}

// SPEC §2 Cart: delivery location radios, subtotal, shipping, estimated delivery, total; Proceed to Checkout
// stays disabled and says 'Select Delivery Location' until a location is chosen.
export function OrderSummary({
  quote,
  discount,
  locations,
  locationsFailed,
  freeDeliveryFromCents,
  selected,
  onSelect,
  onCheckout,
}: OrderSummaryProps) {
  const totals = orderTotals(quote, selected);
  const shipping = totals.freeDelivery
    ? 'Free'
    : totals.shippingCents === null
      ? '—'
      : formatMoney(totals.shippingCents);

  return (
    // The mini-cart's Checkout lands here (/cart#order-summary): the delivery location comes first.
    <aside id="order-summary" className="order-summary" aria-labelledby="order-summary-heading" tabIndex={-1}>
      <h2 id="order-summary-heading">Order Summary</h2>
      <fieldset className="order-summary__locations">
        <legend>Delivery Location</legend>
        {locationsFailed ? <p role="alert">Could not load delivery locations. Please reload the page.</p> : null}
        {locations.map((location) => (
          <label key={location.id} className="order-summary__location">
            <input
              type="radio"
              name="delivery-location"
              value={location.id}
              checked={location.id === selected?.id}
              onChange={() => onSelect(location.id)}
            />
            <span className="order-summary__location-text">
              <span className="order-summary__location-name">{location.name}</span>
              <span className="order-summary__location-meta">{locationPromiseText(location)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DiscountCodeField appliedCode={discount.code} problem={discount.problem} />
      <dl className="order-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotalCents)}</dd>
        </div>
        {totals.discountCents > 0 ? (
          <div>
            <dt>{discountLabel(discount.code)}</dt>
            <dd>{formatDiscount(totals.discountCents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{shipping}</dd>
        </div>
        <div>
          <dt>Estimated Delivery</dt>
          <dd>{selected ? selected.deliveryTime : '—'}</dd>
        </div>
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd>{totals.totalCents === null ? '—' : formatMoney(totals.totalCents)}</dd>
        </div>
      </dl>
      {freeDeliveryFromCents !== null ? (
        <p className="order-summary__note">{freeDeliveryProgressText(quote, freeDeliveryFromCents)}</p>
      ) : null}
      <button type="button" className="button order-summary__checkout" disabled={!selected} onClick={onCheckout}>
        {selected ? 'Proceed to Checkout' : 'Select Delivery Location'}
      </button>
    </aside>
  );
}
