import { PageMeta } from '../../../shared/ui/page-meta';
import '../info-page.css';

/** SPEC §2 Returns page and §9: 7-day window, refunds in 5-7 business days. */
export function ReturnsPage() {
  return (
    <article className="page info-page">
      <PageMeta
        title="Returns Policy"
        description="Return unused perfumes in their original packaging within 7 days of delivery; refunds in 5-7 business days."
      />
      <h1>Returns Policy</h1>
      <p className="info-page__lead">
        We want you to love your fragrance. If something is not right, you can return it within 7 days of delivery.
      </p>

      <section aria-labelledby="returns-eligibility">
        <h2 id="returns-eligibility">Return conditions</h2>
        <ul>
          <li>Returns are accepted within 7 days of delivery.</li>
          <li>Items must be unused and in their original packaging.</li>
          <li>A receipt or proof of purchase is required.</li>
          <li>The customer pays the return shipping cost.</li>
        </ul>
      </section>

      <section aria-labelledby="returns-refunds">
        <h2 id="returns-refunds">Refunds</h2>
        <p>
          Once we receive and inspect your return, your refund is processed within 5-7 business days to your original
          payment method.
        </p>
      </section>

      <section aria-labelledby="returns-guarantee">
        <h2 id="returns-guarantee">Quality guarantee</h2>
        <p>
          Every product we sell is 100% authentic. If your order arrives damaged, faulty or not as described, contact us
          and we will make it right with a replacement or a full refund.
        </p>
      </section>

      <section aria-labelledby="returns-excluded">
        <h2 id="returns-excluded">Non-returnable items</h2>
        <ul>
          <li>Opened or used products</li>
          <li>Items without their original packaging</li>
          <li>Final-sale items</li>
          <li>Custom orders</li>
        </ul>
      </section>

      <section aria-labelledby="returns-how">
        <h2 id="returns-how">How to return an item</h2>
        <ol>
          <li>
            Contact our support team within 7 days of delivery with your order number and the reason for the return.
          </li>
          <li>Pack the item, unused, in its original packaging together with your receipt.</li>
          <li>Send the package to the address our team gives you; the return shipping is at your cost.</li>
          <li>We inspect the item and let you know when your refund is on its way.</li>
        </ol>
      </section>
    </article>
  );
}
