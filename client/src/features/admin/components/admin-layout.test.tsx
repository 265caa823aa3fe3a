import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createViewer, logoutMock, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { AdminHeaderDocument } from '../api/admin-header.generated';
import { renderAdmin } from '../testing/render-admin';
import { NOT_YOUR_PAGE, permissionForAdminPath } from '../admin-pages';
import { AdminLayout } from './admin-layout';

const admin = createViewer({ first: 'Njeri', role: 'ADMIN' });

/** The logout mock, with a spy that records whether the mutation reached the "server". */
function spiedLogout() {
  const logoutRequest = jest.fn(() => ({
    data: { logout: { __typename: 'ActionResult', ok: true, message: 'Signed out.', errors: [] } },
  }));
  return { mock: { ...logoutMock(), result: logoutRequest }, logoutRequest };
}

function unreadMock(count: number) {
  return {
    request: { query: AdminHeaderDocument },
    result: { data: { unreadNotificationCount: count } },
    maxUsageCount: 5,
  };
}

describe('AdminLayout', () => {
  it("greets the admin by first name and shows the server's unread count on the bell", async () => {
    renderAdmin(<AdminLayout />, { mocks: [viewerMock(admin, { maxUsageCount: 5 }), unreadMock(4)] });

    expect(await screen.findByText('Welcome back, Njeri')).toBeInTheDocument();
    const bell = await screen.findByRole('link', { name: 'Notifications, 4 unread' });
    expect(bell).toHaveAttribute('href', '/oxalis/notifications');
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('4');
  });

  it('shows each role only the pages it may use (decision 0102): staff, manager, owner', async () => {
    const navLinks = async (role: 'STAFF' | 'MANAGER' | 'ADMIN') => {
      const view = renderAdmin(<AdminLayout />, {
        mocks: [viewerMock(createViewer({ first: 'Njeri', role }), { maxUsageCount: 5 }), unreadMock(0)],
      });
      await screen.findByText('Welcome back, Njeri');
      const links = within(screen.getByRole('navigation', { name: 'Admin' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
      view.unmount();
      return links;
    };
    expect(await navLinks('STAFF')).toEqual([
      'Dashboard',
      'Inventory',
      'Most wanted',
      'Orders',
      'Reviews',
      'Transactions',
    ]);
    expect(await navLinks('MANAGER')).toEqual([
      'Dashboard',
      'Upload Product',
      'Create Category',
      'Inventory',
      'Most wanted',
      'Orders',
      'Reviews',
      'Transactions',
      'Discount codes',
    ]);
    expect(await navLinks('ADMIN')).toEqual(expect.arrayContaining(['Subscribers', 'Delivery', 'Staff', 'Audit log']));
  });

  it('says plainly when a typed address opens a page the role cannot use, and opens it for a role that can', async () => {
    const denied = async (role: 'STAFF' | 'MANAGER' | 'ADMIN', route: string) => {
      const view = renderAdmin(<AdminLayout />, {
        route,
        mocks: [viewerMock(createViewer({ first: 'Njeri', role }), { maxUsageCount: 5 }), unreadMock(0)],
      });
      await screen.findByText('Welcome back, Njeri');
      const shown = screen.queryByRole('heading', { name: 'Not available to your role' }) !== null;
      if (shown) expect(screen.getByText(NOT_YOUR_PAGE)).toBeVisible();
      view.unmount();
      return shown;
    };
    expect(await denied('STAFF', '/oxalis/staff')).toBe(true);
    expect(await denied('STAFF', '/oxalis/discounts/')).toBe(true);
    expect(await denied('MANAGER', '/oxalis/audit')).toBe(true);
    expect(await denied('STAFF', '/oxalis/import')).toBe(true);
    expect(await denied('STAFF', '/oxalis/orders')).toBe(false);
    expect(await denied('MANAGER', '/oxalis/import')).toBe(false);
    expect(await denied('ADMIN', '/oxalis/staff')).toBe(false);
    expect(permissionForAdminPath('/oxalis')).toBe('ORDERS');
    expect(permissionForAdminPath('/oxalis/unknown')).toBeUndefined();
  });

  it('shows no badge when everything is read', async () => {
    renderAdmin(<AdminLayout />, { mocks: [viewerMock(admin, { maxUsageCount: 5 }), unreadMock(0)] });

    expect(await screen.findByText('Welcome back, Njeri')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('toggles the collapsed sidebar menu', async () => {
    renderAdmin(<AdminLayout />, { mocks: [viewerMock(admin, { maxUsageCount: 5 }), unreadMock(0)] });
    const user = userEvent.setup();

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("profile opens 'Confirm Logout': Cancel keeps the admin here", async () => {
    const { mock, logoutRequest } = spiedLogout();
    renderAdmin(<AdminLayout />, { mocks: [viewerMock(admin, { maxUsageCount: 5 }), unreadMock(2), mock] });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Logout' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/oxalis');
    expect(logoutRequest).not.toHaveBeenCalled();
  });

  it('Logout ends the session on the server and goes to /account', async () => {
    const { mock, logoutRequest } = spiedLogout();
    renderAdmin(<AdminLayout />, { mocks: [viewerMock(admin, { maxUsageCount: 5 }), unreadMock(2), mock] });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', { name: 'Logout' }),
    );

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(logoutRequest).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  });
});
