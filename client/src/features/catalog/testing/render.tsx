import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { AddToCartContext } from '../../../shared/cart/add-to-cart-handler';
import type { AddToCart } from '../../../shared/cart/use-add-to-cart';

interface RenderOptions {
  mocks?: MockedResponse[];
  /** The URL the test starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at, e.g. '/category/:category'. */
  path?: string;
  /** What every Add to Cart button calls, in place of the shop's AddToCartProvider; none by default. */
  addToCart?: AddToCart;
}

/** Every location the router has shown, for asserting what reached the URL (and what never did). */
export interface LocationLog {
  entries: string[];
  current: () => string;
}

function LocationProbe({ log }: { log: string[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (log[log.length - 1] !== href) log.push(href);
  }, [log, href]);
  return (
    <>
      <span data-testid="location" hidden>
        {href}
      </span>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

// The app's real cache (type policies included), so tests see what the shop does with repeated queries.
export function renderWithProviders(
  ui: ReactElement,
  { mocks = [], route = '/', path = '*', addToCart }: RenderOptions = {},
) {
  const entries: string[] = [];
  const result = render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[route]}>
        <AddToCartContext.Provider value={addToCart}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </AddToCartContext.Provider>
        <LocationProbe log={entries} />
      </MemoryRouter>
    </MockedProvider>,
  );
  const location: LocationLog = { entries, current: () => entries[entries.length - 1] ?? '' };
  return { ...result, location };
}
