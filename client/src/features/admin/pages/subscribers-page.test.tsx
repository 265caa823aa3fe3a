import { screen, within } from '@testing-library/react';
import { AdminNewsletterSubscribersDocument } from '../api/subscribers.generated';
import { renderAdmin } from '../testing/render-admin';
import { SubscribersPage } from './subscribers-page';

const list = {
  __typename: 'AdminNewsletterSubscriberList',
  totalCount: 2,
  figures: { __typename: 'NewsletterSubscriberFigures', total: 2, pending: 1, confirmed: 1, unsubscribed: 0 },
  subscribers: [
    {
      __typename: 'NewsletterSubscriber',
      id: '2',
      email: 'amina@example.co.ke',
      status: 'confirmed',
      createdAt: '2025-03-01T09:00:00.000Z',
      confirmedAt: '2025-03-01T09:05:00.000Z',
      unsubscribedAt: null,
      welcomeCodeSent: true,
    },
    {
      __typename: 'NewsletterSubscriber',
      id: '1',
      email: 'otieno@example.co.ke',
      status: 'pending',
      createdAt: '2025-02-28T09:00:00.000Z',
      confirmedAt: null,
      unsubscribedAt: null,
      welcomeCodeSent: false,
    },
  ],
};

describe('SubscribersPage', () => {
  it('lists subscribers with their status and dates, counts them, and links the CSV export', async () => {
    renderAdmin(<SubscribersPage />, {
      mocks: [
        {
          request: { query: AdminNewsletterSubscribersDocument, variables: { search: null, limit: 50, offset: 0 } },
          result: { data: { adminNewsletterSubscribers: list } },
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Subscribers' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first)[0]).toBe('amina@example.co.ke');
    expect(cells(first)[1]).toBe('Confirmed');
    expect(cells(first)[5]).toBe('Sent');
    expect(cells(second).slice(0, 2)).toEqual(['otieno@example.co.ke', 'Pending']);
    expect(cells(second)[3]).toBe('—');
    expect(within(screen.getByRole('listitem', { name: 'Confirmed' })).getByText('1')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/subscribers.csv',
    );
  });
});
