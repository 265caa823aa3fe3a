import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminTransactionsDocument } from '../api/transactions.generated';
import { renderAdmin } from '../testing/render-admin';
import { TransactionsPage } from './transactions-page';

function transactionsMock(result: object, offset = 0) {
  return {
    request: { query: AdminTransactionsDocument, variables: { search: null, limit: 50, offset } },
    ...result,
  };
}

const list = {
  __typename: 'AdminTransactionList',
  totalCount: 2,
  stats: {
    __typename: 'TransactionStats',
    total: 2,
    completed: 1,
    pending: 1,
    failed: 0,
    completedAmountCents: 1_250_050,
    toCollect: 1,
    toCollectCents: 520_000,
  },
  transactions: [
    {
      __typename: 'PaymentTransaction',
      id: '9f1c2d3e-aaaa-bbbb-cccc-000000000001',
      orderId: '4b5c6d7e-1111-2222-3333-444444444444',
      items: '2 x Oud Savanna (5 ml decant · Eau de Parfum); 1 x Cedar Ridge (100 ml · Eau de Toilette)',
      reference: 'ref-1',
      amountCents: 1_250_050,
      paymentMethod: 'mpesa',
      paymentStatus: 'completed',
      createdAt: '2025-03-01T09:00:00.000Z',
    },
    {
      __typename: 'PaymentTransaction',
      id: '0a0b0c0d-aaaa-bbbb-cccc-000000000002',
      orderId: '5c6d7e8f-1111-2222-3333-444444444444',
      items: '1 x Marine Drive Cologne 75ml',
      reference: 'ref-2',
      amountCents: 90_000,
      paymentMethod: null,
      paymentStatus: 'pending',
      createdAt: '2025-03-02T09:00:00.000Z',
    },
  ],
};

describe('TransactionsPage', () => {
  it("shows ids as their first 8 characters and 'N/A' for a missing method", async () => {
    renderAdmin(<TransactionsPage />, { mocks: [transactionsMock({ result: { data: { adminTransactions: list } } })] });

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first).slice(0, 5)).toEqual([
      '9f1c2d3e',
      '4b5c6d7e',
      '2 x Oud Savanna (5 ml decant · Eau de Parfum); 1 x Cedar Ridge (100 ml · Eau de Toilette)',
      'Ksh 12,500.50',
      'mpesa',
    ]);
    expect(cells(second).slice(0, 6)).toEqual([
      '0a0b0c0d',
      '5c6d7e8f',
      '1 x Marine Drive Cologne 75ml',
      'Ksh 900.00',
      'N/A',
      'Pending',
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Completed Amount' })).getByText('Ksh 12,500.50')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/transactions.csv',
    );
  });

  it('pages through a long list 50 at a time, from the total the server counts', async () => {
    const secondPage = {
      ...list,
      transactions: list.transactions.map((transaction, index) => ({
        ...transaction,
        id: `1111111${index}-aaaa-bbbb-cccc-00000000005${index}`,
      })),
    };
    renderAdmin(<TransactionsPage />, {
      mocks: [
        transactionsMock({ result: { data: { adminTransactions: { ...list, totalCount: 52 } } } }),
        transactionsMock({ result: { data: { adminTransactions: { ...secondPage, totalCount: 52 } } } }, 50),
      ],
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages of transactions' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 1–2 of 52 transactions');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('11111110')).toBeInTheDocument();
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 51–52 of 52 transactions');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("says 'Failed to fetch transactions' when the list cannot be loaded", async () => {
    renderAdmin(<TransactionsPage />, { mocks: [transactionsMock({ error: new Error('offline') })] });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions');
  });
});
