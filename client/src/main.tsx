import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import './shared/ui/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

function render(): void {
  createRoot(container!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// #root holds the server's first paint until React replaces it: with the page's chunk already loaded that
// replacement shows the page itself, not a loading fallback in between. A failed load renders anyway (the
// router shows the error and retries on navigation).
preloadRoute(window.location.pathname).then(render, render);
