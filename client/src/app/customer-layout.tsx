import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './customer-layout.css';

export function CustomerLayout() {
  return (
    <div className="customer-layout">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="customer-layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
