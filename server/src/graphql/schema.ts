import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { CategoryResolver, ProductResolver } from '../modules/catalog/catalog.resolver';
import { DeliveryResolver } from '../modules/orders/delivery.resolver';
import { ReviewResolver } from '../modules/reviews/reviews.resolver';
import { NewsletterResolver } from '../modules/newsletter/newsletter.resolver';
import { AccountsResolver } from '../modules/accounts/accounts.resolver';
import { CartResolver } from '../modules/cart/cart.resolver';
import { OrdersResolver } from '../modules/orders/orders.resolver';
import { PaymentsResolver } from '../modules/payments/payments.resolver';
import { authChecker } from '../modules/accounts/guards';

export const resolvers = [
  AccountsResolver,
  CartResolver,
  OrdersResolver,
  PaymentsResolver,
  ProductResolver,
  CategoryResolver,
  ReviewResolver,
  DeliveryResolver,
  NewsletterResolver,
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
