import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import routePaths from './route-paths.json';
import { collectRoutePaths, routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MockedProvider mocks={[]}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

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
    renderAt('/category/for-women');

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

  it.each([
    ['/returns', 'Returns Policy', 'Returns are accepted within 7 days of delivery.'],
    ['/shipping', 'Shipping Information', 'Same day for orders placed before 12 PM'],
    ['/contact', 'Contact Us', '+254 700 000 000'],
  ])('lazily loads the info page %s', async (path, heading, text) => {
    renderAt(path);

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

  it('loads the admin dashboard lazily under /oxalis with its sidebar', async () => {
    renderAt('/oxalis');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
