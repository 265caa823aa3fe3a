import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../shared/session/require-auth';
import { PlaceholderPage } from '../shared/ui/placeholder-page';
import { CustomerLayout, RouteLoading } from './customer-layout';
import { NotFoundPage } from './not-found-page';

// Every page is its own chunk: the first load carries the shell (header, footer, router, Apollo) and the
// page being opened, nothing else. The admin area is split out so storefront visitors never download it.
const HomePage = lazy(() => import('./pages/home-page').then((module) => ({ default: module.HomePage })));
const ProductPage = lazy(() =>
  import('../features/catalog/pages/product-page').then((module) => ({ default: module.ProductPage })),
);
const CategoryPage = lazy(() =>
  import('../features/catalog/pages/category-page').then((module) => ({ default: module.CategoryPage })),
);
const NewArrivalsPage = lazy(() =>
  import('../features/catalog/pages/new-arrivals-page').then((module) => ({ default: module.NewArrivalsPage })),
);
const ReturnsPage = lazy(() =>
  import('../features/info/pages/returns-page').then((module) => ({ default: module.ReturnsPage })),
);
const ShippingPage = lazy(() =>
  import('../features/info/pages/shipping-page').then((module) => ({ default: module.ShippingPage })),
);
const ContactPage = lazy(() =>
  import('../features/info/pages/contact-page').then((module) => ({ default: module.ContactPage })),
);
const LoginPage = lazy(() =>
  import('../features/accounts/pages/login-page').then((module) => ({ default: module.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/accounts/pages/register-page').then((module) => ({ default: module.RegisterPage })),
);
const VerifyOtpPage = lazy(() =>
  import('../features/accounts/pages/verify-otp-page').then((module) => ({ default: module.VerifyOtpPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/accounts/pages/forgot-password-page').then((module) => ({
    default: module.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/accounts/pages/reset-password-page').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const CartPage = lazy(() =>
  import('../features/cart/pages/cart-page').then((module) => ({ default: module.CartPage })),
);
const CheckoutCallbackPage = lazy(() =>
  import('../features/cart/pages/checkout-callback-page').then((module) => ({
    default: module.CheckoutCallbackPage,
  })),
);
const MyOrdersPage = lazy(() =>
  import('../features/orders/pages/my-orders-page').then((module) => ({ default: module.MyOrdersPage })),
);
const AdminLayout = lazy(() =>
  import('../features/admin/components/admin-layout').then((module) => ({ default: module.AdminLayout })),
);
const DashboardPage = lazy(() =>
  import('../features/admin/pages/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);

// Paths must match route-paths.json, which the server reads to answer 200 or 404; a test keeps them in step.
export const routes: RouteObject[] = [
  {
    element: <CustomerLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/category/:category', element: <CategoryPage /> },
      { path: '/new-arrivals', element: <NewArrivalsPage /> },
      { path: '/account', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/returns', element: <ReturnsPage /> },
      { path: '/shipping', element: <ShippingPage /> },
      { path: '/verify-otp', element: <VerifyOtpPage /> },
      { path: '/contact', element: <ContactPage /> },
      {
        // Signed-out visitors go to /account with where they were as state.from. The payment provider's
        // return (/checkout/callback) is guarded too: verifying a payment needs the shopper's session.
        element: <RequireAuth />,
        children: [
          { path: '/cart', element: <CartPage /> },
          { path: '/my-orders', element: <MyOrdersPage /> },
          { path: '/checkout/callback', element: <CheckoutCallbackPage /> },
        ],
      },
      // Inside the customer layout so a 404 keeps the header and footer for navigating back.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/oxalis',
    element: (
      <Suspense fallback={<RouteLoading />}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'upload', element: <PlaceholderPage title="Upload Product" /> },
      { path: 'inventory', element: <PlaceholderPage title="Inventory" /> },
      { path: 'orders', element: <PlaceholderPage title="Orders" /> },
      { path: 'reviews', element: <PlaceholderPage title="Reviews" /> },
      { path: 'category', element: <PlaceholderPage title="Create Category" /> },
      { path: 'notifications', element: <PlaceholderPage title="Notifications" /> },
      { path: 'transactions', element: <PlaceholderPage title="Transactions" /> },
    ],
  },
];

/**
 * Every path pattern that renders a screen, in declaration order. Layout routes contribute through their
 * children (an index child stands for the layout's own path); the '*' fallback is not a page.
 */
export function collectRoutePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path === undefined ? parent : joinPaths(parent, route.path);
    if (route.children) return collectRoutePaths(route.children, path);
    return route.index || route.path !== undefined ? [path] : [];
  });
}

function joinPaths(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
