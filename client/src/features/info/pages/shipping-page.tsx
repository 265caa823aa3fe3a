import { useShippingPageQuery } from '../api/shipping-page.generated';
import { freeDeliveryText } from '../../../shared/delivery/delivery-text';
import { formatMoney } from '../../../shared/format-money';
import { PageMeta } from '../../../shared/ui/page-meta';
import '../info-page.css';

/**
 * SPEC §2 Shipping page, its rates and times from the delivery locations the shop stores (the spec's fixed
 * 'Same day before 12 PM' table promised what checkout never offered).
 */
export function ShippingPage() {
  const { data, error } = useShippingPageQuery();

  return (
    <article className="page info-page">
      <PageMeta
        title="Shipping Information"
        description="Delivery fees and times for Nairobi and the rest of Kenya, and the order total that ships free."
      />
      <h1>Shipping Information</h1>

      <section aria-labelledby="shipping-rates">
        <h2 id="shipping-rates">Shipping rates and delivery times</h2>
        <p>
          The fee depends on where we deliver; you choose your delivery location in the cart.
          {data ? ` ${freeDeliveryText(data.freeDeliveryFromCents)}` : null}
        </p>
        {data ? (
          <table className="info-page__table">
            <thead>
              <tr>
                <th scope="col">Location</th>
                <th scope="col">Fee</th>
                <th scope="col">Delivery time</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveryLocations.map((location) => (
                <tr key={location.id}>
                  <th scope="row">{location.name}</th>
                  <td>{formatMoney(location.feeCents)}</td>
                  <td>{location.deliveryTime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : error ? (
          <p role="alert">Could not load the delivery options. Please reload the page.</p>
        ) : (
          <p role="status">Loading delivery options…</p>
        )}
      </section>

      <section aria-labelledby="shipping-processing">
        <h2 id="shipping-processing">Order processing</h2>
        <p>
          Orders are processed on business days. Orders placed on weekends or public holidays are processed the next
          business day.
        </p>
      </section>

      <section aria-labelledby="shipping-tracking">
        <h2 id="shipping-tracking">Tracking your order</h2>
        <p>Once your order ships, we send you tracking information by e-mail and SMS.</p>
      </section>
    </article>
  );
}
