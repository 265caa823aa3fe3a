import type { DeliveryTermsFragment } from '../../../shared/delivery/delivery-terms.generated';
import { freeDeliveryText, locationPromiseText } from '../../../shared/delivery/delivery-text';

interface ProductDeliveryProps {
  terms: DeliveryTermsFragment;
  /** The server's answer: one of the product alone ships free (decision 0076). */
  shipsFree: boolean;
}

/** The product page's delivery promises: the stored locations and the free-delivery threshold, as the cart has them. */
export function ProductDelivery({ terms, shipsFree }: ProductDeliveryProps) {
  return (
    <details className="product-detail__shipping">
      <summary>Shipping information</summary>
      <ul>
        <li>
          {shipsFree ? 'This item ships free. ' : null}
          {freeDeliveryText(terms.freeDeliveryFromCents)}
        </li>
        {terms.deliveryLocations.map((location) => (
          <li key={location.id}>
            {location.name}: {locationPromiseText(location)}
          </li>
        ))}
        <li>100% authentic products</li>
      </ul>
    </details>
  );
}
