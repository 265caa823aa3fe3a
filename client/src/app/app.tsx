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

export function App() {
  // Created once per mounted app rather than at import time, so tests and HMR get fresh instances.
  const [client] = useState(createClientWithInitialData);
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
