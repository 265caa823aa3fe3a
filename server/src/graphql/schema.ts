import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { FulfilmentResolver } from '../modules/orders/fulfilment.resolver';
import { CategoryResolver, ProductResolver } from '../modules/catalog/catalog.resolver';
import { CatalogAdminResolver } from '../modules/catalog/catalog-admin.resolver';
import { ProductCsvResolver } from '../modules/catalog/product-csv.resolver';
import { DeliveryResolver } from '../modules/orders/delivery.resolver';
import { ProductReviewSummaryResolver, ReviewResolver } from '../modules/reviews/reviews.resolver';
import { NewsletterResolver } from '../modules/newsletter/newsletter.resolver';
import { AccountsResolver } from '../modules/accounts/accounts.resolver';
import { PhoneSignInResolver } from '../modules/accounts/phone-sign-in.resolver';
import { AddressesResolver } from '../modules/addresses/addresses.resolver';
import { CartResolver } from '../modules/cart/cart.resolver';
import { DiscountsResolver } from '../modules/discounts/discounts.resolver';
import { OrdersResolver } from '../modules/orders/orders.resolver';
import { PaymentsResolver } from '../modules/payments/payments.resolver';
import { MpesaResolver } from '../modules/payments/mpesa.resolver';
import { DoorPaymentsResolver } from '../modules/payments/door-payments.resolver';
import { authChecker } from '../modules/accounts/guards';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { OrdersAdminResolver } from '../modules/orders/orders-admin.resolver';
import { TransactionsAdminResolver } from '../modules/payments/transactions-admin.resolver';
import { RefundsResolver } from '../modules/payments/refunds.resolver';
import { AdminNotificationsResolver } from '../modules/notifications/admin-notifications.resolver';
import { StaffResolver } from '../modules/staff/staff.resolver';
import { AuditResolver } from '../modules/audit/audit.resolver';
import { ViewerPermissionsResolver } from '../modules/accounts/viewer-permissions.resolver';
import { DemandResolver } from '../modules/demand/demand.resolver';

export const resolvers = [
  AccountsResolver,
  PhoneSignInResolver,
  AddressesResolver,
  CartResolver,
  DiscountsResolver,
  OrdersResolver,
  PaymentsResolver,
  MpesaResolver,
  DoorPaymentsResolver,
  ProductResolver,
  CategoryResolver,
  CatalogAdminResolver,
  ProductCsvResolver,
  ReviewResolver,
  ProductReviewSummaryResolver,
  DeliveryResolver,
  NewsletterResolver,
  AdminResolver,
  OrdersAdminResolver,
  FulfilmentResolver,
  TransactionsAdminResolver,
  RefundsResolver,
  AdminNotificationsResolver,
  StaffResolver,
  AuditResolver,
  ViewerPermissionsResolver,
  DemandResolver,
] as const;

let built: Promise<GraphQLSchema> | undefined;

/** Builds the schema once per process; type-graphql's metadata is global anyway. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers, validate: false, authChecker });
  return built;
}

/** The SDL committed as schema.graphql, sorted so its diff only shows real changes. */
export async function printAppSchema(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await buildAppSchema()))}\n`;
}
