import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createApolloClient } from './apollo-client';
import { restoreInitialData } from './initial-data';
import { createAppRouter } from './router';
import { removeServerHead } from './remove-server-head';

function createClientWithInitialData() {
  const client = createApolloClient();
  // Before the first render, so the first screen reads the server's data instead of fetching it again.
  restoreInitialData(client);
  return client;
}

interface AppProps {
  /** A client already holding the page's embedded data (main.tsx restores it in steps before the first render). */
  client?: ApolloClient;
}

export function App({ client: givenClient }: AppProps = {}) {
  // Created once per mounted app rather than at import time, so tests and HMR get fresh instances.
  const [client] = useState(() => givenClient ?? createClientWithInitialData());
  const [router] = useState(createAppRouter);
  // The server wrote this page's head for crawlers. PageMeta replaces its title and descriptions from the first
  // render; the rest (canonical, image, JSON-LD) describes only that page and goes on the first navigation.
  useEffect(() => router.subscribe(removeServerHead), [router]);
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
