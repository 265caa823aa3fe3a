import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  useDeleteAddressMutation,
  useMyAddressesQuery,
  useSaveAddressMutation,
  type AddressInput,
  type SavedAddressFieldsFragment,
} from '../../../shared/addresses/addresses.generated';
import { keepOneDefault } from '../../../shared/addresses/one-default';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { FILL_ALL_FIELDS } from '../account-messages';
import { TextField } from '../components/text-field';
import { fieldOf } from '../field-of';
import { useAccountForm } from '../use-account-form';
import '../accounts.css';

const FIELDS = ['recipient', 'phone', 'street', 'area', 'landmark', 'city', 'postalCode'] as const;
type AddressField = (typeof FIELDS)[number];
type AddressValues = Record<AddressField, string>;

const LABELS: Record<AddressField, string> = {
  recipient: 'Recipient',
  phone: 'Phone number',
  street: 'Street and building',
  area: 'Area or estate (optional)',
  landmark: 'Landmark or directions for the rider (optional)',
  city: 'City or town',
  postalCode: 'Postal code (optional)',
};
const AUTOCOMPLETE: Record<AddressField, string> = {
  recipient: 'name',
  phone: 'tel',
  street: 'address-line1',
  area: 'address-line2',
  landmark: 'off',
  city: 'address-level2',
  postalCode: 'postal-code',
};
const REQUIRED: AddressField[] = ['recipient', 'phone', 'street', 'city'];
const SAVE_FAILED = 'Could not save the address. Please try again.';
const emptyValues = (): AddressValues => ({
  recipient: '',
  phone: '',
  street: '',
  area: '',
  landmark: '',
  city: '',
  postalCode: '',
});
const valuesOf = (address: SavedAddressFieldsFragment): AddressValues => ({
  recipient: address.recipient,
  phone: address.phone,
  street: address.street,
  area: address.area ?? '',
  landmark: address.landmark ?? '',
  city: address.city,
  postalCode: address.postalCode ?? '',
});

/** /my-addresses (issue 26): the addresses checkout starts with; add, change, delete, choose the default. */
export function AddressesPage() {
  const { data, loading, error } = useMyAddressesQuery({ fetchPolicy: 'cache-and-network' });
  const [saveAddress] = useSaveAddressMutation({
    refetchQueries: ['MyAddresses'],
    awaitRefetchQueries: true,
    update: keepOneDefault,
  });
  const [deleteAddress] = useDeleteAddressMutation({ refetchQueries: ['MyAddresses'], awaitRefetchQueries: true });
  const [editing, setEditing] = useState<string | null>(null);
  const [values, setValues] = useState<AddressValues>(emptyValues);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useAccountForm<AddressField>('address');
  const addresses = data?.myAddresses;

  function startEditing(address: SavedAddressFieldsFragment | null) {
    setEditing(address?.id ?? null);
    setValues(address ? valuesOf(address) : emptyValues());
    form.showProblem(null);
    setNotice(null);
  }

  async function save(address: AddressValues, id: string | null, done: string, isDefault?: boolean) {
    setNotice(null);
    const input: AddressInput = {
      ...(Object.fromEntries(FIELDS.map((field) => [field, address[field].trim()])) as AddressValues),
      ...(isDefault ? { isDefault } : {}),
    };
    try {
      const { data: answer } = await saveAddress({ variables: { input, id } });
      const problem = answer?.saveAddress.errors[0];
      if (problem || !answer?.saveAddress.address) {
        form.showProblem({ field: fieldOf(problem?.field, FIELDS), message: problem?.message || SAVE_FAILED });
        return false;
      }
      setNotice(done);
      return true;
    } catch (failure) {
      form.showProblem({ message: serverMessageOr(failure, SAVE_FAILED) });
      return false;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = REQUIRED.find((field) => values[field].trim() === '');
    if (missing) {
      form.showProblem({ field: missing, message: FILL_ALL_FIELDS });
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      if (await save(values, editing, editing ? 'Address updated.' : 'Address saved.')) {
        setEditing(null);
        setValues(emptyValues());
      }
    });
  }

  async function makeDefault(address: SavedAddressFieldsFragment) {
    await save(valuesOf(address), address.id, `${address.street} is now your default address.`, true);
  }

  async function remove(address: SavedAddressFieldsFragment) {
    setConfirming(null);
    try {
      const { data: answer } = await deleteAddress({ variables: { id: address.id } });
      setNotice(answer?.deleteAddress.ok ? 'Address deleted.' : (answer?.deleteAddress.message ?? SAVE_FAILED));
    } catch (failure) {
      setNotice(serverMessageOr(failure, SAVE_FAILED));
    }
  }

  return (
    <section className="page addresses-page">
      <PageMeta title="My Addresses" noIndex />
      <h1>My Addresses</h1>
      <p className="muted">
        Your default address fills the checkout. <Link to="/my-orders">My Orders</Link>
      </p>
      {notice ? (
        <p role="status" className="account-notice">
          {notice}
        </p>
      ) : null}
      {!addresses ? (
        loading ? (
          <p role="status">Loading your addresses…</p>
        ) : (
          <p role="alert">{serverMessageOr(error, 'Failed to fetch addresses')}</p>
        )
      ) : addresses.length === 0 ? (
        <p>No saved addresses yet.</p>
      ) : (
        <ul className="addresses-page__list" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id} className="addresses-page__item" aria-label={address.street}>
              <p>
                <strong>{address.recipient}</strong>
                {address.isDefault ? <span className="addresses-page__default">Default</span> : null}
              </p>
              <p>{address.phone}</p>
              <p>{[address.street, address.area].filter(Boolean).join(', ')}</p>
              {address.landmark ? <p>{address.landmark}</p> : null}
              <p>{[address.city, address.postalCode].filter(Boolean).join(' ')}</p>
              <div className="addresses-page__actions">
                <button type="button" className="button button--outline" onClick={() => startEditing(address)}>
                  Edit
                </button>
                {address.isDefault ? null : (
                  <button type="button" className="button button--outline" onClick={() => void makeDefault(address)}>
                    Make default
                  </button>
                )}
                {confirming === address.id ? (
                  <>
                    <button type="button" className="button" onClick={() => void remove(address)}>
                      Yes, delete
                    </button>
                    <button type="button" className="button button--outline" onClick={() => setConfirming(null)}>
                      Keep it
                    </button>
                  </>
                ) : (
                  <button type="button" className="button button--outline" onClick={() => setConfirming(address.id)}>
                    Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        className="account-form addresses-page__form"
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? 'Edit address' : 'Add an address'}
      >
        <h2>{editing ? 'Edit address' : 'Add an address'}</h2>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={LABELS[field]}
            type={field === 'phone' ? 'tel' : 'text'}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            {...form.fieldProps(field)}
          />
        ))}
        {form.alert}
        <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
          {form.submitting ? 'Saving...' : editing ? 'Save changes' : 'Save address'}
        </button>
        {editing ? (
          <button type="button" className="button button--outline" onClick={() => startEditing(null)}>
            Cancel
          </button>
        ) : null}
      </form>
    </section>
  );
}
