import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { ApolloClient } from '@apollo/client';
import { createApolloClient } from './app/apollo-client';
import { App } from './app/app';
import { restoreInitialDataInSteps } from './app/initial-data';
import { preloadRoute } from './app/router';
import { publishServerConfig } from './app/server-config';
import './shared/ui/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
publishServerConfig();

function render(client: ApolloClient): void {
  const root = createRoot(container!);
  // As a transition the first render yields to the browser every few milliseconds instead of blocking it for
  // the whole page (a category page's grid was one 300 ms task on a throttled phone); the server's first paint
  // stays on screen meanwhile, so nothing is lost by waiting.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  });
}

// #root holds the server's first paint until React replaces it: with the page's chunk already loaded that
// replacement shows the page itself, not a loading fallback in between. A failed load renders anyway (the
// router shows the error and retries on navigation). Meanwhile the page's embedded data goes into the cache one
// entry per task, so neither step is one long task on a slow phone.
async function start(): Promise<void> {
  const client = createApolloClient();
  await Promise.all([preloadRoute(window.location.pathname).catch(() => undefined), restoreInitialDataInSteps(client)]);
  render(client);
}

void start();
