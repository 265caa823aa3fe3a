import type { ApolloClient } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { useApolloClient } from '@apollo/client/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { ViewerDocument, type ViewerQuery } from '../../../shared/session/session.generated';

export interface RenderAccountOptions {
  /** The route pattern the page is mounted at. */
  path: string;
  /** The URL (and navigation state) the test starts at. */
  at?: string | { pathname: string; search?: string; state?: unknown };
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  user?: ReturnType<typeof userEvent.setup>;
}

export interface LocationSnapshot {
  href: string;
  state: unknown;
  navigationType: string;
}

/**
 * Mounts an account page at `path`, with every other path showing a 'Landed' page, and records where the
 * router went (path, state, push or replace) and what `me` in Apollo's cache says.
 */
export function renderAccountPage(ui: ReactElement, { path, at = path, mocks = [], user }: RenderAccountOptions) {
  const locations: LocationSnapshot[] = [];
  let client: ApolloClient | undefined;

  function Probe() {
    const location = useLocation();
    const navigationType = useNavigationType();
    const apolloClient = useApolloClient();
    const href = `${location.pathname}${location.search}`;
    useEffect(() => {
      client = apolloClient;
    }, [apolloClient]);
    useEffect(() => {
      locations.push({ href, state: location.state, navigationType });
    }, [href, location.state, navigationType]);
    return null;
  }

  const result = render(
    <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<h1>Landed</h1>} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </MockedProvider>,
  );

  return {
    ...result,
    user: user ?? userEvent.setup(),
    /** Where the router is now. */
    location: () => locations.at(-1)!,
    locations,
    /** `me` as Apollo's cache holds it: undefined when never written. */
    cachedViewer: () => client!.cache.readQuery<ViewerQuery>({ query: ViewerDocument })?.me,
  };
}
