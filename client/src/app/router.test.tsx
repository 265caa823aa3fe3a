import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { LoginDocument } from '../features/accounts/api/login.generated';
import { AdminHeaderDocument } from '../features/admin/api/admin-header.generated';
import { DashboardDocument } from '../features/admin/api/dashboard.generated';
import { SalesDashboardDocument } from '../features/admin/api/sales-dashboard.generated';
import { ShippingPageDocument } from '../features/info/api/shipping-page.generated';
import { CategoryCarouselDocument } from '../features/catalog/api/category-carousel.generated';
import { CategoryPageDocument } from '../features/catalog/api/category-page.generated';
import { CategoryProductsDocument } from '../features/catalog/api/category-products.generated';
import { NewArrivalsSectionDocument } from '../features/catalog/api/new-arrivals-section.generated';
import { PRODUCT_LIST_PAGE_SIZE } from '../features/catalog/product-list-params';
import { reviewsMock } from '../features/reviews/testing/review-mocks';
import { MyOrdersDocument } from '../features/orders/api/my-orders.generated';
import { cartBadgeMock } from '../shared/cart/testing/cart-mocks';
import { createViewer, viewerMock } from '../shared/session/testing/viewer-mocks';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, useRoutes } from 'react-router-dom';
import routePaths from './route-paths.json';
import { collectRoutePaths, routes } from './router';
import { withFacetMocks } from '../features/catalog/testing/facet-mocks';

function renderAt(path: string, mocks: MockLink.MockedResponse[] = [viewerMock(null)]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MockedProvider mocks={mocks}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

// The same route table under a MemoryRouter: a data router's navigations need fetch's Request, which
// jsdom lacks, so the tests that navigate (redirects, sign-in) use this and read the location from a probe.
function RoutesUnderTest() {
  const location = useLocation();
  return (
    <>
      {useRoutes(routes)}
      <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
      <output aria-label="Location state">{JSON.stringify(location.state)}</output>
    </>
  );
}

function renderNavigable(path: string, mocks: MockLink.MockedResponse[] = [viewerMock(null)]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <RoutesUnderTest />
      </MemoryRouter>
    </MockedProvider>,
  );
  return {
    location: () => screen.getByRole('status', { name: 'Location' }).textContent,
    state: () => JSON.parse(screen.getByRole('status', { name: 'Location state' }).textContent ?? 'null') as unknown,
  };
}

// The pages' own data, where a test here only looks at the route and its chrome: answered so that no request
// goes unmatched (an unmatched one warns, and a warning fails the test).
const homePageMocks: MockLink.MockedResponse[] = [
  { request: { query: CategoryCarouselDocument }, result: { data: { categories: [] } } },
  { request: { query: NewArrivalsSectionDocument, variables: { limit: 6 } }, result: { data: { newArrivals: [] } } },
  reviewsMock([]),
];
const forWomenMocks: MockLink.MockedResponse[] = [
  {
    request: { query: CategoryPageDocument, variables: { slug: 'for-women' } },
    result: { data: { category: { __typename: 'CategoryMatch', title: 'FOR WOMEN', category: null } } },
  },
  {
    request: {
      query: CategoryProductsDocument,
      variables: { filter: { categorySlug: 'for-women' }, sort: 'BEST_SELLING', limit: PRODUCT_LIST_PAGE_SIZE },
    },
    result: { data: { products: [], productsCount: 0 } },
  },
];

describe('route table', () => {
  it('declares exactly the paths the server serves from route-paths.json', () => {
    const declared = collectRoutePaths(routes);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...routePaths].sort());
  });

  it('collects nested, index and absolute paths', () => {
    expect(
      collectRoutePaths([
        { element: null, children: [{ path: '/a' }, { path: '*' }] },
        { path: '/b', children: [{ index: true }, { path: 'c/:id' }] },
      ]),
    ).toEqual(['/a', '/b', '/b/c/:id']);
  });

  it.each(['/no-such-page', '/product', '/oxalis/unknown'])('shows the 404 page for %s', async (path) => {
    renderAt(path);

    expect(await screen.findByText("Oops! The page you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    // The 404 keeps the storefront chrome so the visitor can navigate on.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders a known customer route with the header links of SPEC §2', async () => {
    renderAt('/category/for-women', [viewerMock(null), ...withFacetMocks(forWomenMocks)]);

    expect(await screen.findByRole('heading', { level: 1, name: 'FOR WOMEN' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/category/for-women',
      '/category/for-men',
      '/category/kids',
      '/category/room',
      '/category/unisex',
    ]);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  const shippingTermsMock: MockLink.MockedResponse = {
    request: { query: ShippingPageDocument },
    result: { data: { freeDeliveryFromCents: 1_000_000, deliveryLocations: [] } },
  };

  it.each([
    ['/returns', 'Returns Policy', 'Returns are accepted within 7 days of delivery.', []],
    ['/shipping', 'Shipping Information', 'Orders are processed on business days', [shippingTermsMock]],
    ['/contact', 'Contact Us', '+254 700 000 000', []],
  ])('lazily loads the info page %s', async (path, heading, text, mocks) => {
    renderAt(path, [viewerMock(null), ...mocks]);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    expect(document.title).toBe(`${heading} | Manukato`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content');
  });

  it('gives every customer page a skip link to <main>', async () => {
    renderAt('/returns');

    await screen.findByRole('heading', { level: 1, name: 'Returns Policy' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('loads the admin dashboard lazily under /oxalis with its sidebar, for an admin', async () => {
    renderNavigable('/oxalis', [
      viewerMock(createViewer({ role: 'ADMIN' }), { maxUsageCount: 3 }),
      // The figures are the dashboard's own tests' business; here it only has to be reached.
      { request: { query: DashboardDocument }, error: new Error('The dashboard is not under test here') },
      {
        request: { query: SalesDashboardDocument, variables: { range: { period: 'LAST_30_DAYS' } } },
        error: new Error('The sales figures are not under test here'),
      },
      { request: { query: AdminHeaderDocument }, result: { data: { unreadNotificationCount: 0 } } },
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends a guest from /oxalis to /account with where they were', async () => {
    const guest = renderNavigable('/oxalis/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(guest.location()).toBe('/account');
    expect(guest.state()).toEqual({ from: '/oxalis/orders' });
  });

  it('sends a signed-in customer from /oxalis home', async () => {
    const customer = renderNavigable('/oxalis', [
      viewerMock(createViewer({ role: 'USER' }), { maxUsageCount: 3 }),
      cartBadgeMock(0),
      ...homePageMocks,
    ]);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(customer.location()).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it.each([
    ['/account', 'Login'],
    ['/login', 'Login'],
    ['/register', 'Create Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password?token=abc', 'Reset Password'],
  ])('lazily loads the account screen %s, not indexed', async (path, heading) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('sends /verify-otp without its state to /register', async () => {
    const { location } = renderNavigable('/verify-otp');

    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it('guards /my-orders: a guest signs in at /account and comes back to it', async () => {
    const user = userEvent.setup();
    const viewer = createViewer();
    const { location } = renderNavigable('/my-orders?page=2', [
      viewerMock(null),
      {
        request: { query: LoginDocument, variables: { email: 'amina@example.com', password: 'secret1' } },
        result: { data: { login: { __typename: 'AuthPayload', viewer, errors: [] } } },
      },
      { ...cartBadgeMock(0), maxUsageCount: Number.POSITIVE_INFINITY },
      { request: { query: MyOrdersDocument }, result: { data: { myOrders: [] } } },
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/account');
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(location()).toBe('/my-orders?page=2');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('guards /cart the same way', async () => {
    const { location, state } = renderNavigable('/cart');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/account');
    expect(state()).toEqual({ from: '/cart' });
  });

  it("lets a guest use a cart reminder's stop link (/cart?stop=…) without signing in", async () => {
    const { location } = renderNavigable('/cart?stop=tok.mac');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cart reminders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop cart reminders' })).toBeInTheDocument();
    expect(location()).toBe('/cart?stop=tok.mac');
  });

  it('serves the back-in-stock stop page to a guest, asking before it stops anything', async () => {
    renderAt('/back-in-stock/stop?token=12.mac');

    expect(await screen.findByRole('heading', { level: 1, name: 'Stop back-in-stock messages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop these messages' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it("guards the payment provider's return, keeping its reference for after sign-in", async () => {
    const { location, state } = renderNavigable('/checkout/callback?reference=ref-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/account');
    expect(state()).toEqual({ from: '/checkout/callback?reference=ref-1' });
  });
});
