import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AddToCartProvider } from '../shared/cart/add-to-cart-context';
import { ToastProvider } from '../shared/ui/toast';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './customer-layout.css';

export function CustomerLayout() {
  return (
    <ToastProvider>
      {/* Every Add to Cart button in the storefront (grids, product page) reads its handler from here. */}
      <AddToCartProvider>
        <div className="customer-layout">
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <SiteHeader />
          {/* tabIndex lets the skip link move keyboard focus, not only the scroll position. */}
          <main id="main" className="customer-layout__main" tabIndex={-1}>
            {/* Inside <main> so header and footer stay put while a page's chunk loads. */}
            <Suspense fallback={<RouteLoading />}>
              <Outlet />
            </Suspense>
          </main>
          <SiteFooter />
        </div>
      </AddToCartProvider>
    </ToastProvider>
  );
}

export function RouteLoading() {
  return (
    <p role="status" className="route-loading">
      Loading…
    </p>
  );
}
