import { screen, waitFor, within } from '@testing-library/react';
import { DeleteAddressDocument } from '../../../shared/addresses/addresses.generated';
import { createSavedAddress, myAddressesMock, saveAddressMock } from '../../../shared/addresses/testing/address-mocks';
import { renderAccountPage } from '../testing/render-account-page';
import { AddressesPage } from './addresses-page';

const home = createSavedAddress();
const office = createSavedAddress({
  id: 'address-2',
  recipient: 'Akinyi (office)',
  phone: '+254722000111',
  area: null,
  street: 'Kenyatta Ave 12',
  landmark: null,
  postalCode: '00100',
  isDefault: false,
});

function renderBook(mocks: Parameters<typeof renderAccountPage>[1]['mocks'] = []) {
  return renderAccountPage(<AddressesPage />, {
    path: '/my-addresses',
    mocks: [myAddressesMock([home, office], { maxUsageCount: 5 }), ...(mocks ?? [])],
  });
}

describe('AddressesPage', () => {
  it('lists the book with the default marked, and makes another address the default', async () => {
    const made = jest.fn();
    const { user } = renderBook([
      saveAddressMock({
        input: {
          recipient: 'Akinyi (office)',
          phone: '+254722000111',
          street: 'Kenyatta Ave 12',
          area: '',
          landmark: '',
          city: 'Nairobi',
          postalCode: '00100',
          isDefault: true,
        },
        onSave: made,
      }),
    ]);

    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const first = within(list).getByRole('listitem', { name: home.street });
    expect(first).toHaveTextContent('Default');
    expect(first).toHaveTextContent('Jade Court, flat 4B, Kilimani');
    expect(first).toHaveTextContent('Opposite the Yaya Centre');
    expect(within(first).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();

    const second = within(list).getByRole('listitem', { name: office.street });
    await user.click(within(second).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(made).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Kenyatta Ave 12 is now your default address.');
  });

  it('never shows two defaults: the old one stops being it in the same render as the new one starts', async () => {
    const officeDefault = { ...office, isDefault: true };
    const { user } = renderAccountPage(<AddressesPage />, {
      path: '/my-addresses',
      mocks: [
        myAddressesMock([home, office]),
        saveAddressMock(
          {},
          {
            result: {
              data: { saveAddress: { __typename: 'SavedAddressPayload', address: officeDefault, errors: [] } },
            },
          },
        ),
        // The book's refetch is slow, as on a phone's network: the page must not wait for it to stay right.
        myAddressesMock([officeDefault, { ...home, isDefault: false }], { delay: 400 }),
      ],
    });

    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const second = within(list).getByRole('listitem', { name: office.street });
    await user.click(within(second).getByRole('button', { name: 'Make default' }));
    await within(second).findByText('Default', { exact: true });
    const first = within(list).getByRole('listitem', { name: home.street });
    expect(within(first).queryByText('Default', { exact: true })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Make default' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Kenyatta Ave 12 is now your default address.');
  });

  it('asks for the required fields before saving, and shows the server’s refusal on its field', async () => {
    const { user } = renderBook([
      {
        ...saveAddressMock(),
        result: {
          data: {
            saveAddress: {
              __typename: 'SavedAddressPayload',
              address: null,
              errors: [
                {
                  __typename: 'FieldError',
                  field: 'phone',
                  code: 'INVALID_PHONE',
                  message: 'Please enter a valid Kenyan mobile number, e.g. +254712345678',
                },
              ],
            },
          },
        },
      },
    ]);
    await screen.findByRole('list', { name: 'Saved addresses' });
    const form = screen.getByRole('form', { name: 'Add an address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(within(form).getByLabelText('Recipient')).toHaveFocus();

    await user.type(within(form).getByLabelText('Recipient'), 'Baraka');
    await user.type(within(form).getByLabelText('Phone number'), '12345');
    await user.type(within(form).getByLabelText('Street and building'), 'Moi Ave 3');
    await user.type(within(form).getByLabelText('City or town'), 'Mombasa');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid Kenyan mobile number');
    expect(within(form).getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes an address only once the shopper confirms', async () => {
    const deleted = jest.fn(() => ({
      data: { deleteAddress: { __typename: 'ActionResult', ok: true, message: 'Address deleted.', errors: [] } },
    }));
    const { user } = renderBook([
      { request: { query: DeleteAddressDocument, variables: { id: office.id } }, result: deleted },
    ]);
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const second = within(list).getByRole('listitem', { name: office.street });
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(deleted).not.toHaveBeenCalled();
    await user.click(within(second).getByRole('button', { name: 'Keep it' }));
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(within(second).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Address deleted.');
  });
});
