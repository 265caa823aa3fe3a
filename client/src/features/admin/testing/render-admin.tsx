import type { ApolloCache, ApolloLink } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { ToastProvider } from '../../../shared/ui/toast';

interface RenderAdminOptions {
  mocks?: MockLink.MockedResponse[];
  route?: string;
  path?: string;
  cache?: ApolloCache;
  /** Replaces the mocks: for tests that hold an answer back (see holdOperation). */
  link?: ApolloLink;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <span data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </span>
  );
}

/** An admin screen with the app's real cache (type policies included), a router and toasts. */
export function renderAdmin(
  ui: ReactElement,
  { mocks = [], route = '/oxalis', path = '/oxalis/*', cache = createCache(), link }: RenderAdminOptions = {},
) {
  const result = render(
    <MockedProvider mocks={mocks} cache={cache} link={link} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[route]}>
        <ToastProvider>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/account" element={<h1>Login</h1>} />
          </Routes>
          <LocationProbe />
        </ToastProvider>
      </MemoryRouter>
    </MockedProvider>,
  );
  return { ...result, cache };
}
