import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';
import { createViewer, viewerMock } from './testing/viewer-mocks';
import type { Viewer } from './viewer';

function LoginProbe() {
  const location = useLocation();
  return (
    <>
      <h1>Login</h1>
      <output aria-label="From">{JSON.stringify(location.state)}</output>
    </>
  );
}

function renderGuarded(viewer: Viewer | null, at = '/my-orders?page=2', delay = 0) {
  render(
    <MockedProvider mocks={[viewerMock(viewer, { delay })]}>
      <MemoryRouter initialEntries={['/', at]} initialIndex={1}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/account" element={<LoginProbe />} />
          <Route element={<RequireAuth />}>
            <Route path="/my-orders" element={<h1>My Orders</h1>} />
          </Route>
          <Route
            path="/cart"
            element={
              <RequireAuth>
                <h1>Shopping Cart</h1>
              </RequireAuth>
            }
          />
          <Route element={<RequireAdmin />}>
            <Route path="/oxalis/orders" element={<h1>Orders</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('RequireAuth', () => {
  it('sends a guest to /account with the path and query they wanted as state.from', async () => {
    renderGuarded(null);

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'From' })).toHaveTextContent('{"from":"/my-orders?page=2"}');
    expect(screen.queryByRole('heading', { name: 'My Orders' })).not.toBeInTheDocument();
  });

  it('guards a page given as children too', async () => {
    renderGuarded(null, '/cart');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'From' })).toHaveTextContent('{"from":"/cart"}');
  });

  it('shows the page to a signed-in visitor', async () => {
    renderGuarded(createViewer());

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
  });

  it('waits for `me` before deciding, showing neither the page nor the login screen', async () => {
    renderGuarded(createViewer(), '/my-orders', 50);

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('sends a guest to /account with where they were as state.from', async () => {
    renderGuarded(null, '/oxalis/orders?search=nai');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'From' })).toHaveTextContent('{"from":"/oxalis/orders?search=nai"}');
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('sends a signed-in customer home', async () => {
    renderGuarded(createViewer({ role: 'USER' }), '/oxalis/orders');

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('shows the admin page to an admin, after `me` answers', async () => {
    renderGuarded(createViewer({ role: 'ADMIN' }), '/oxalis/orders');

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });
});
