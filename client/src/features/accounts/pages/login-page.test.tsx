import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RequireAuth } from '../../../shared/session/require-auth';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { GOOGLE_SCRIPT_SRC } from '../google-identity';
import { graphQLErrorResult, loginMock, loginWithGoogleMock } from '../testing/account-mocks';
import { renderAccountPage, type RenderAccountOptions } from '../testing/render-account-page';
import { LoginPage } from './login-page';

function renderLogin(options: Partial<RenderAccountOptions> = {}) {
  return renderAccountPage(<LoginPage />, { path: '/account', ...options });
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const signIn = () => screen.getByRole('button', { name: /SIGN(ING)? IN/ });

afterEach(() => {
  delete window.__MANUKATO_CONFIG__;
  delete window.google;
  document.head.querySelectorAll(`script[src="${GOOGLE_SCRIPT_SRC}"]`).forEach((script) => script.remove());
});

describe('LoginPage', () => {
  it('shows the e-mail form, its links and no Google button when Google is not configured', () => {
    renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(signIn()).toHaveTextContent('SIGN IN');
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(screen.queryByText('OR')).not.toBeInTheDocument();
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_SRC}"]`)).toBeNull();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // Opened directly: there is nothing to explain.
    expect(screen.queryByText(/^Sign in to/)).not.toBeInTheDocument();
  });

  it.each([
    ['/cart', 'Sign in to see your cart.'],
    ['/my-orders?page=2', 'Sign in to see your orders.'],
  ])('tells a guest sent away from %s why they are asked to sign in', async (guarded, reason) => {
    render(
      <MockedProvider mocks={[viewerMock(null)]} mockLinkDefaultOptions={{ delay: 0 }}>
        <MemoryRouter initialEntries={[guarded]}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/cart" element={<h1>Cart</h1>} />
              <Route path="/my-orders" element={<h1>My Orders</h1>} />
            </Route>
            <Route path="/account" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it("says 'Please fill in all fields' and focuses the first empty field, sending nothing", async () => {
    const result = jest.fn(() => ({
      data: { login: { __typename: 'AuthPayload' as const, viewer: null, errors: [] } },
    }));
    const { user } = renderLogin({ mocks: [loginMock({ email: 'a@b.co', password: 'x' }, {}, { result })] });

    await user.click(signIn());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please fill in all fields');
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAttribute('aria-describedby', alert.id);

    // Spaces alone are not an e-mail address.
    await user.type(emailField(), '   ');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(emailField()).toHaveFocus();

    await user.clear(passwordField());
    await user.clear(emailField());
    await user.type(emailField(), 'a@b.co');
    await user.click(signIn());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(passwordField()).toHaveFocus();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(result).not.toHaveBeenCalled();
  });

  it("says 'Please enter a valid email address' for anything but one plain address, sending nothing", async () => {
    const result = jest.fn(() => ({
      data: { login: { __typename: 'AuthPayload' as const, viewer: null, errors: [] } },
    }));
    const { user } = renderLogin({
      mocks: [loginMock({ email: 'x<amina@example.com>', password: 'secret1' }, {}, { result })],
    });

    // The shop's one grammar (decision 0066): a display name, comment or list is not an address to sign in with.
    await user.type(emailField(), 'x<amina@example.com>');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(result).not.toHaveBeenCalled();
  });

  it('sends the e-mail trimmed and lower-cased, puts the viewer in the cache and goes home', async () => {
    const viewer = createViewer();
    const { user, location, cachedViewer } = renderLogin({
      mocks: [loginMock({ email: 'amina@example.com', password: ' Pass word1' }, { viewer })],
    });

    await user.type(emailField(), '  Amina@Example.COM ');
    await user.type(passwordField(), ' Pass word1');
    await user.click(signIn());

    expect(await screen.findByRole('heading', { name: 'Landed' })).toBeInTheDocument();
    expect(location().href).toBe('/');
    expect(location().navigationType).toBe('REPLACE');
    expect(cachedViewer()).toEqual(viewer);
  });

  it('sends an admin to /oxalis', async () => {
    const admin = createViewer({ id: '1', email: 'admin@manukato.co.ke', role: 'ADMIN' });
    const { user, location } = renderLogin({
      mocks: [loginMock({ email: 'admin@manukato.co.ke', password: 'secret1' }, { viewer: admin })],
    });

    await user.type(emailField(), 'admin@manukato.co.ke');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(location().href).toBe('/oxalis');
  });

  it.each([
    ['a customer', 'USER' as const],
    ['an admin', 'ADMIN' as const],
  ])('returns %s to the from-state path, query string included', async (_who, role) => {
    const { user, location } = renderLogin({
      at: { pathname: '/account', state: { from: '/my-orders?page=2' } },
      mocks: [loginMock({ email: 'amina@example.com', password: 'secret1' }, { viewer: createViewer({ role }) })],
    });

    await user.type(emailField(), 'amina@example.com');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(location().href).toBe('/my-orders?page=2');
  });

  it('ignores a from-state that leaves the site', async () => {
    const { user, location } = renderLogin({
      at: { pathname: '/account', state: { from: '//evil.example/steal' } },
      mocks: [loginMock({ email: 'amina@example.com', password: 'secret1' }, { viewer: createViewer() })],
    });

    await user.type(emailField(), 'amina@example.com');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(location().href).toBe('/');
  });

  it("shows the server's message when it refuses, and stays", async () => {
    const { user, location, cachedViewer } = renderLogin({
      mocks: [
        loginMock(
          { email: 'amina@example.com', password: 'wrong-one' },
          { errors: [{ field: 'email', code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' }] },
        ),
      ],
    });

    await user.type(emailField(), 'amina@example.com');
    await user.type(passwordField(), 'wrong-one');
    await user.click(signIn());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(location().href).toBe('/account');
    expect(cachedViewer()).toBeUndefined();
    expect(signIn()).toHaveTextContent('SIGN IN');
  });

  it("shows a GraphQL error's message (the rate limit), and the fallback when the server is unreachable", async () => {
    const rateLimited = 'Too many sign-in attempts. Please try again in 15 minutes.';
    const { user } = renderLogin({
      mocks: [
        loginMock({ email: 'amina@example.com', password: 'secret1' }, {}, { result: graphQLErrorResult(rateLimited) }),
        loginMock(
          { email: 'amina@example.com', password: 'secret1' },
          {},
          { result: undefined, error: new TypeError('Failed to fetch') },
        ),
      ],
    });

    await user.type(emailField(), 'amina@example.com');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());
    expect(await screen.findByText(rateLimited)).toHaveAttribute('role', 'alert');

    await user.click(signIn());
    expect(await screen.findByText('Login failed. Please check your credentials and try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
  });

  it('sends one request however often the form is submitted while it is in flight', async () => {
    const result = jest.fn(() => ({
      data: { login: { __typename: 'AuthPayload' as const, viewer: createViewer(), errors: [] } },
    }));
    const { user } = renderLogin({
      mocks: [
        loginMock({ email: 'amina@example.com', password: 'secret1' }, {}, { result, delay: 50, maxUsageCount: 3 }),
      ],
    });

    await user.type(emailField(), 'amina@example.com');
    await user.type(passwordField(), 'secret1');
    await user.click(signIn());
    expect(signIn()).toHaveTextContent('SIGNING IN...');
    expect(signIn()).toHaveAttribute('aria-disabled', 'true');
    fireEvent.submit(signIn().closest('form')!);
    await user.click(signIn());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(result).toHaveBeenCalledTimes(1);
  });
});

describe('LoginPage with Google', () => {
  function installGoogle() {
    const calls: { callback?: (response: { credential?: string }) => void; buttonParent?: HTMLElement } = {};
    window.google = {
      accounts: {
        id: {
          initialize: jest.fn((config) => {
            calls.callback = config.callback;
          }),
          renderButton: jest.fn((parent: HTMLElement) => {
            calls.buttonParent = parent;
          }),
        },
      },
    };
    return calls;
  }

  it('loads Google’s script only when a client id is configured', () => {
    window.__MANUKATO_CONFIG__ = { googleClientId: 'client-123' };
    renderLogin();

    const script = document.querySelector(`script[src="${GOOGLE_SCRIPT_SRC}"]`);
    expect(script).not.toBeNull();
    expect(screen.getByText('OR')).toBeInTheDocument();
  });

  it("renders Google's button and signs in with the credential it hands over", async () => {
    window.__MANUKATO_CONFIG__ = { googleClientId: 'client-123' };
    const google = installGoogle();
    const viewer = createViewer();
    const { location, cachedViewer } = renderLogin({ mocks: [loginWithGoogleMock('google-jwt', { viewer })] });

    await waitFor(() => expect(google.buttonParent).toBe(screen.getByTestId('google-sign-in')));
    expect(window.google!.accounts!.id!.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123' }),
    );
    act(() => google.callback!({ credential: 'google-jwt' }));

    await screen.findByRole('heading', { name: 'Landed' });
    expect(location().href).toBe('/');
    expect(cachedViewer()).toEqual(viewer);
  });

  it("says 'Google login failed. Please try again.' when Google or the server fails, or the server's reason", async () => {
    window.__MANUKATO_CONFIG__ = { googleClientId: 'client-123' };
    const google = installGoogle();
    renderLogin({
      mocks: [
        loginWithGoogleMock('bad-jwt', {}, { result: undefined, error: new TypeError('Failed to fetch') }),
        loginWithGoogleMock('thin-jwt', {
          errors: [
            {
              field: 'credential',
              code: 'GOOGLE_PROFILE_INCOMPLETE',
              message: 'Missing required Google profile information',
            },
          ],
        }),
      ],
    });
    await waitFor(() => expect(google.callback).toBeDefined());

    act(() => google.callback!({}));
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed. Please try again.');

    act(() => google.callback!({ credential: 'thin-jwt' }));
    expect(await screen.findByText('Missing required Google profile information')).toHaveAttribute('role', 'alert');

    act(() => google.callback!({ credential: 'bad-jwt' }));
    expect(await screen.findByText('Google login failed. Please try again.')).toHaveAttribute('role', 'alert');
  });
});
