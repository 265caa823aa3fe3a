import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuditLogDocument, AuditLogFiltersDocument } from '../api/audit.generated';
import { renderAdmin } from '../testing/render-admin';
import { AuditPage } from './audit-page';

const entry = (id: string, action: string, actorName: string, actorRole: string) => ({
  __typename: 'AuditEntry' as const,
  id,
  at: '2025-03-01T09:05:00.000Z',
  actorId: actorName === 'Otieno Kamau' ? 'u2' : 'u1',
  actorName,
  actorRole,
  action,
  targetType: 'order',
  targetId: 'a1b2c3',
  before: '{"status":"pending"}',
  after: '{"status":"delivered"}',
  requestId: `req-${id}`,
});

const noFilters = { actorId: null, action: null, targetType: null, targetId: null, from: null, to: null };
const page = (entries: ReturnType<typeof entry>[], nextCursor: string | null) => ({
  data: { auditLog: { __typename: 'AuditLogPage' as const, entries, nextCursor } },
});
const filtersMock = {
  request: { query: AuditLogFiltersDocument },
  result: {
    data: {
      auditLogFilters: {
        __typename: 'AuditLogFilters' as const,
        actions: ['markOrderPacked', 'updateOrderStatus'],
        actors: [
          { __typename: 'AuditActor' as const, id: 'u1', name: 'Amina Odhiambo' },
          { __typename: 'AuditActor' as const, id: 'u2', name: 'Otieno Kamau' },
        ],
      },
    },
  },
};

describe('AuditPage', () => {
  it('shows who did what, before and after, and pages to older entries by cursor', async () => {
    const user = userEvent.setup();
    renderAdmin(<AuditPage />, {
      mocks: [
        {
          request: { query: AuditLogDocument, variables: { ...noFilters, after: null } },
          result: page([entry('2', 'updateOrderStatus', 'Otieno Kamau', 'STAFF')], 'cursor-1'),
        },
        filtersMock,
        {
          request: { query: AuditLogDocument, variables: { ...noFilters, after: 'cursor-1' } },
          result: page([entry('1', 'markOrderPacked', 'Amina Odhiambo', 'ADMIN')], null),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('updateOrderStatus')).toBeVisible();
    expect(within(row!).getByText(/Otieno Kamau/)).toHaveTextContent('Otieno Kamau (staff)');
    expect(row).toHaveTextContent('"status": "pending"');
    expect(row).toHaveTextContent('"status": "delivered"');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('markOrderPacked', { selector: 'td' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
  });

  it('filters by member and action, and the CSV link carries the same filters', async () => {
    const user = userEvent.setup();
    renderAdmin(<AuditPage />, {
      mocks: [
        { request: { query: AuditLogDocument, variables: { ...noFilters, after: null } }, result: page([], null) },
        filtersMock,
        {
          request: {
            query: AuditLogDocument,
            variables: { ...noFilters, actorId: 'u2', action: 'markOrderPacked', after: null },
          },
          result: page([entry('3', 'markOrderPacked', 'Otieno Kamau', 'STAFF')], null),
        },
      ],
    });
    expect(await screen.findByText('Nothing recorded for these filters.')).toBeVisible();
    await screen.findByRole('option', { name: 'Otieno Kamau' });
    await user.selectOptions(screen.getByLabelText('Team member'), 'u2');
    await user.selectOptions(screen.getByLabelText('Action'), 'markOrderPacked');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('markOrderPacked', { selector: 'td' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/audit.csv?actorId=u2&action=markOrderPacked',
    );
  });
});
