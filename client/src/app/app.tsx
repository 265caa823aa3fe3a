import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createApolloClient } from './apollo-client';
import { createAppRouter } from './router';

export function App() {
  // Created once per mounted app rather than at import time, so tests and HMR get fresh instances.
  const [client] = useState(createApolloClient);
  const [router] = useState(createAppRouter);
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
