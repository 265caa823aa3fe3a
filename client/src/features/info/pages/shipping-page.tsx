import { PageMeta } from '../../../shared/ui/page-meta';
import '../info-page.css';

const deliveryTimes = [
  { area: 'Nairobi CBD', time: 'Same day for orders placed before 12 PM' },
  { area: 'Other Nairobi areas', time: 'Within 24 hours' },
  { area: 'Major towns', time: '2-3 business days' },
  { area: 'Other locations', time: '3-5 business days' },
] as const;

/** SPEC §2 Shipping page. */
export function ShippingPage() {
  return (
    <article className="page info-page">
      <PageMeta
        title="Shipping Information"
        description="Delivery across Kenya: same day in Nairobi CBD for orders before 12 PM, 2-5 business days elsewhere."
      />
      <h1>Shipping Information</h1>

      <section aria-labelledby="shipping-rates">
        <h2 id="shipping-rates">Shipping rates</h2>
        <p>Shipping rates are based on your current location. You choose your delivery location at checkout.</p>
      </section>

      <section aria-labelledby="shipping-times">
        <h2 id="shipping-times">Delivery times</h2>
        <table className="info-page__table">
          <thead>
            <tr>
              <th scope="col">Location</th>
              <th scope="col">Delivery time</th>
            </tr>
          </thead>
          <tbody>
            {deliveryTimes.map((row) => (
              <tr key={row.area}>
                <th scope="row">{row.area}</th>
                <td>{row.time}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
