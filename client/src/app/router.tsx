import { isValidElement, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { lazyPage, type LazyPage } from './lazy-page';
import { RequireAdmin } from '../shared/session/require-admin';
import { RequireAuth } from '../shared/session/require-auth';
import { CustomerLayout, RouteLoading } from './customer-layout';
import { NotFoundPage } from './not-found-page';

// Every page is its own chunk: the first load carries the shell (header, footer, router, Apollo) and the
// page being opened, nothing else. The admin area is split out so storefront visitors never download it.
const HomePage = lazyPage(
  () => import('./pages/home-page'),
  (module) => module.HomePage,
);
const ProductPage = lazyPage(
  () => import('./pages/product-route'),
  (module) => module.ProductRoute,
);
const CategoryPage = lazyPage(
  () => import('../features/catalog/pages/category-page'),
  (module) => module.CategoryPage,
);
const SearchPage = lazyPage(
  () => import('../features/catalog/pages/search-page'),
  (module) => module.SearchPage,
);
const NewArrivalsPage = lazyPage(
  () => import('../features/catalog/pages/new-arrivals-page'),
  (module) => module.NewArrivalsPage,
);
const ReturnsPage = lazyPage(
  () => import('../features/info/pages/returns-page'),
  (module) => module.ReturnsPage,
);
const ShippingPage = lazyPage(
  () => import('../features/info/pages/shipping-page'),
  (module) => module.ShippingPage,
);
const ContactPage = lazyPage(
  () => import('../features/info/pages/contact-page'),
  (module) => module.ContactPage,
);
const LoginPage = lazyPage(
  () => import('../features/accounts/pages/login-page'),
  (module) => module.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/accounts/pages/register-page'),
  (module) => module.RegisterPage,
);
const VerifyOtpPage = lazyPage(
  () => import('../features/accounts/pages/verify-otp-page'),
  (module) => module.VerifyOtpPage,
);
const PhoneSignInPage = lazyPage(
  () => import('../features/accounts/pages/phone-sign-in-page'),
  (module) => module.PhoneSignInPage,
);
const AddressesPage = lazyPage(
  () => import('../features/accounts/pages/addresses-page'),
  (module) => module.AddressesPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/accounts/pages/forgot-password-page'),
  (module) => module.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/accounts/pages/reset-password-page'),
  (module) => module.ResetPasswordPage,
);
// The cart guards itself: signed out, its reminder's stop link (/cart?stop=…) still works (see CartRoute).
const CartRoute = lazyPage(
  () => import('../features/cart/pages/cart-route'),
  (module) => module.CartRoute,
);
const CheckoutCallbackPage = lazyPage(
  () => import('../features/cart/pages/checkout-callback-page'),
  (module) => module.CheckoutCallbackPage,
);
const MyOrdersPage = lazyPage(
  () => import('../features/orders/pages/my-orders-page'),
  (module) => module.MyOrdersPage,
);
const TrackingPage = lazyPage(
  () => import('../features/orders/pages/tracking-page'),
  (module) => module.TrackingPage,
);
const BackInStockStopPage = lazyPage(
  () => import('../features/catalog/pages/back-in-stock-stop-page'),
  (module) => module.BackInStockStopPage,
);
const AdminLayout = lazyPage(
  () => import('../features/admin/components/admin-layout'),
  (module) => module.AdminLayout,
);
const DashboardPage = lazyPage(
  () => import('../features/admin/pages/dashboard-page'),
  (module) => module.DashboardPage,
);
const UploadProductPage = lazyPage(
  () => import('../features/admin/pages/upload-product-page'),
  (module) => module.UploadProductPage,
);
const InventoryPage = lazyPage(
  () => import('../features/admin/pages/inventory-page'),
  (module) => module.InventoryPage,
);
const OrdersPage = lazyPage(
  () => import('../features/admin/pages/orders-page'),
  (module) => module.OrdersPage,
);
const ReviewsPage = lazyPage(
  () => import('../features/admin/pages/reviews-page'),
  (module) => module.ReviewsPage,
);
const AdminCategoryPage = lazyPage(
  () => import('../features/admin/pages/category-page'),
  (module) => module.CategoryPage,
);
const NotificationsPage = lazyPage(
  () => import('../features/admin/pages/notifications-page'),
  (module) => module.NotificationsPage,
);
const DiscountsPage = lazyPage(
  () => import('../features/admin/pages/discounts-page'),
  (module) => module.DiscountsPage,
);
const DeliveryPage = lazyPage(
  () => import('../features/admin/pages/delivery-page'),
  (module) => module.DeliveryPage,
);
const TransactionsPage = lazyPage(
  () => import('../features/admin/pages/transactions-page'),
  (module) => module.TransactionsPage,
);

const NewsletterConfirmPage = lazyPage(
  () => import('../features/newsletter/pages/newsletter-confirm-page'),
  (module) => module.NewsletterConfirmPage,
);
const NewsletterUnsubscribePage = lazyPage(
  () => import('../features/newsletter/pages/newsletter-unsubscribe-page'),
  (module) => module.NewsletterUnsubscribePage,
);
const ProductImportPage = lazyPage(
  () => import('../features/admin/pages/product-import-page'),
  (module) => module.ProductImportPage,
);
const SubscribersPage = lazyPage(
  () => import('../features/admin/pages/subscribers-page'),
  (module) => module.SubscribersPage,
);
const StaffPage = lazyPage(
  () => import('../features/admin/pages/staff-page'),
  (module) => module.StaffPage,
);
const AuditPage = lazyPage(
  () => import('../features/admin/pages/audit-page'),
  (module) => module.AuditPage,
);
const MostWantedPage = lazyPage(
  () => import('../features/admin/pages/most-wanted-page'),
  (module) => module.MostWantedPage,
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
      { path: '/search', element: <SearchPage /> },
      { path: '/account', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/returns', element: <ReturnsPage /> },
      { path: '/shipping', element: <ShippingPage /> },
      { path: '/verify-otp', element: <VerifyOtpPage /> },
      { path: '/phone-sign-in', element: <PhoneSignInPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/track/:token', element: <TrackingPage /> },
      { path: '/newsletter/confirm', element: <NewsletterConfirmPage /> },
      { path: '/newsletter/unsubscribe', element: <NewsletterUnsubscribePage /> },
      { path: '/back-in-stock/stop', element: <BackInStockStopPage /> },
      { path: '/cart', element: <CartRoute /> },
      {
        // Signed-out visitors go to /account with where they were as state.from. The payment provider's
        // return (/checkout/callback) is guarded too: verifying a payment needs the shopper's session.
        element: <RequireAuth />,
        children: [
          { path: '/my-orders', element: <MyOrdersPage /> },
          { path: '/my-addresses', element: <AddressesPage /> },
          { path: '/checkout/callback', element: <CheckoutCallbackPage /> },
        ],
      },
      // Inside the customer layout so a 404 keeps the header and footer for navigating back.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/oxalis',
    // The team only: guests go to /account (with state.from), customers home. The server checks every call too.
    element: (
      <RequireAdmin>
        <Suspense fallback={<RouteLoading />}>
          <AdminLayout />
        </Suspense>
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'upload', element: <UploadProductPage /> },
      { path: 'inventory', element: <InventoryPage /> },
      { path: 'import', element: <ProductImportPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'reviews', element: <ReviewsPage /> },
      { path: 'category', element: <AdminCategoryPage /> },
      { path: 'notifications', element: <NotificationsPage /> },
      { path: 'transactions', element: <TransactionsPage /> },
      { path: 'discounts', element: <DiscountsPage /> },
      { path: 'subscribers', element: <SubscribersPage /> },
      { path: 'delivery', element: <DeliveryPage /> },
      { path: 'staff', element: <StaffPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'wanted', element: <MostWantedPage /> },
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

/** Loads the chunks of the pages the path opens, so the first render shows them without a fallback. */
export async function preloadRoute(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => (isValidElement(route.element) ? (route.element.type as Partial<LazyPage>) : undefined))
    .filter((type): type is LazyPage => typeof type?.preload === 'function');
  await Promise.all(pages.map((page) => page.preload()));
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
