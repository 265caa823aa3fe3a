import { useId, useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatMoney } from '../../../shared/format-money';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import { centsToShillings, shillingsToCents } from '../admin-format';
import {
  useAdminDeliveryLocationsQuery,
  useSetPayOnDeliveryMutation,
  type AdminDeliveryLocationsQuery,
} from '../api/delivery.generated';

type Location = AdminDeliveryLocationsQuery['deliveryLocations'][number];
const SAVE_FAILED = 'The change could not be saved';

/** /oxalis/delivery (issue 26): where a rider may be paid at the door, and up to what order total. */
export function DeliveryPage() {
  const { data, error } = useAdminDeliveryLocationsQuery({ fetchPolicy: 'cache-and-network' });
  const locations = data?.deliveryLocations;
  return (
    <section className="admin-page">
      <PageMeta title="Delivery" noIndex />
      <h1>Delivery</h1>
      <p>
        Pay on delivery lets a shopper pay the rider at the door, by M-Pesa or cash. Its stock is held until the order
        is delivered or cancelled. Offer it where your riders go, up to the order total a rider may carry unpaid.
      </p>
      {!locations ? (
        error ? (
          <p role="alert" className="admin-error">
            {serverMessageOr(error, 'Failed to fetch delivery locations')}
          </p>
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : (
        <ul className="admin-delivery" aria-label="Delivery locations">
          {locations.map((location) => (
            <LocationTerms key={location.id} location={location} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LocationTerms({ location }: { location: Location }) {
  const ids = { heading: useId(), offered: useId(), max: useId(), problem: useId() };
  const [offered, setOffered] = useState(location.payOnDelivery);
  const [max, setMax] = useState(centsToShillings(location.payOnDeliveryMaxCents));
  const [problem, setProblem] = useState('');
  const [save, { loading }] = useSetPayOnDeliveryMutation();
  const { showToast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const maxCents = shillingsToCents(max);
    if (maxCents === null || maxCents < 100) return setProblem('Enter the maximum in shillings, such as 20000.');
    setProblem('');
    try {
      const { data } = await save({ variables: { id: location.id, input: { payOnDelivery: offered, maxCents } } });
      const payload = data?.setPayOnDelivery;
      if (!payload?.location) return setProblem(payload?.errors[0]?.message ?? SAVE_FAILED);
      showToast(
        payload.location.payOnDelivery
          ? `Pay on delivery offered for ${location.name}, up to ${formatMoney(payload.location.payOnDeliveryMaxCents)}`
          : `Pay on delivery no longer offered for ${location.name}`,
        { variant: 'success' },
      );
    } catch (failure) {
      setProblem(serverMessageOr(failure, SAVE_FAILED));
    }
  }

  return (
    <li aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{location.name}</h2>
      <p className="muted">
        Fee {formatMoney(location.feeCents)} · {location.deliveryTime}
      </p>
      <form noValidate onSubmit={submit} className="admin-form" aria-labelledby={ids.heading}>
        <label htmlFor={ids.offered} className="admin-delivery__switch">
          <input
            id={ids.offered}
            type="checkbox"
            checked={offered}
            onChange={(event) => setOffered(event.target.checked)}
          />
          Offer pay on delivery
        </label>
        <label htmlFor={ids.max}>Largest order paid at the door (Ksh)</label>
        <input
          id={ids.max}
          inputMode="decimal"
          value={max}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(event) => setMax(event.target.value)}
        />
        {problem ? (
          <p id={ids.problem} role="alert" className="admin-error">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={loading}>
          Save
        </button>
      </form>
    </li>
  );
}
