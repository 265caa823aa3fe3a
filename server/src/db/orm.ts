import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { Category } from '../modules/catalog/category.entity';
import { Product, ProductImage } from '../modules/catalog/product.entity';
import { ProductVariant } from '../modules/catalog/product-variant.entity';
import { Review } from '../modules/reviews/review.entity';
import { DeliveryLocation } from '../modules/orders/delivery-location.entity';
import { NewsletterSubscription } from '../modules/newsletter/newsletter-subscription.entity';
import { User } from '../modules/accounts/user.entity';
import { Session } from '../modules/accounts/session.entity';
import { CodeChallenge } from '../modules/accounts/code-challenge.entity';
import { PasswordReset } from '../modules/accounts/password-reset.entity';
import { CartItem } from '../modules/cart/cart-item.entity';
import { Order, OrderItem } from '../modules/orders/order.entity';
import { Transaction } from '../modules/payments/transaction.entity';
import { Refund } from '../modules/payments/refund.entity';
import { NotificationJob } from '../modules/notifications/notification-job.entity';
import { AdminNotification } from '../modules/notifications/admin-notification.entity';
import { CartDiscountCode, DiscountCode } from '../modules/discounts/discount-code.entity';
import { OrderStatusChange } from '../modules/orders/order-status-change.entity';
import { FulfilmentEvent } from '../modules/orders/fulfilment-event.entity';
import { SavedAddress } from '../modules/addresses/saved-address.entity';
import { StaffInvitation } from '../modules/staff/staff-invitation.entity';
import { AuditEntry } from '../modules/audit/audit-entry.entity';
import { BackInStockRequest } from '../modules/demand/back-in-stock-request.entity';
import { CartActivity } from '../modules/cart/cart-activity.entity';
import { migrations } from './migrations';
import type { StatementCounter } from './statement-counter';
import type { DatabaseLimits } from '../config/config';
import { setTransactionLimits } from '../shared/transaction-limits';
import { connectionLimits, connectionOptions, startupLimits } from './time-limits';

export const entities = [
  Category,
  Product,
  ProductImage,
  ProductVariant,
  Review,
  DeliveryLocation,
  NewsletterSubscription,
  User,
  Session,
  CodeChallenge,
  PasswordReset,
  CartItem,
  Order,
  OrderItem,
  Transaction,
  Refund,
  NotificationJob,
  AdminNotification,
  OrderStatusChange,
  FulfilmentEvent,
  DiscountCode,
  CartDiscountCode,
  SavedAddress,
  StaffInvitation,
  AuditEntry,
  BackInStockRequest,
  CartActivity,
];

export interface OrmOptions {
  databaseUrl: string;
  log: Logger;
  statementCounter?: StatementCounter;
  poolMax?: number;
  /**
   * The shop's limits on every pooled connection and on the wait for one (decision 0067). Unset: none (the
   * catalogue seeding command and the tests' template, which run alone).
   */
  limits?: DatabaseLimits;
  /** Every pooled connection's application_name (pg_stat_activity): which instance holds it (config's connectionName). */
  applicationName?: string;
}

export function ormOptions({
  databaseUrl,
  log,
  statementCounter,
  poolMax,
  limits,
  applicationName,
}: OrmOptions): Options {
  return {
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // The global identity map is forbidden: every request works on its own fork.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: poolMax ?? 10, ...(limits ? { acquireTimeoutMillis: limits.acquireMs } : {}) },
    driverOptions: {
      // knex's own warnings (a pooled connection lost) as log lines, not console output.
      log: {
        warn: (message: unknown) => log.warn({ knex: message }, 'knex'),
        error: (message: unknown) => log.error({ knex: message }, 'knex'),
        deprecate: (message: unknown) => log.debug({ knex: message }, 'knex'),
        debug: (message: unknown) => log.debug({ knex: message }, 'knex'),
      },
      connection: {
        ...(limits ? connectionLimits(limits) : {}),
        options: connectionOptions,
        ...(applicationName ? { application_name: applicationName } : {}),
      },
    },
    // Explicit types on every property, so no reflection is needed (tsx and esbuild emit none).
    discovery: { requireEntitiesArray: true },
    debug: statementCounter ? ['query'] : false,
    logger: (message) => {
      // With debug on, each statement arrives here once; count it, keep the log quiet.
      if (statementCounter && message.includes('[query]')) statementCounter.record(message);
      else log.debug({ orm: message }, 'orm');
    },
    colors: false,
    // Infrastructure tables and the dashboard's trigger-kept rollups (decision 0104), not entities: the schema diff
    // leaves them alone.
    schemaGenerator: {
      skipTables: [
        'seed_history',
        'rate_limits',
        'app_settings',
        'simulated_payments',
        'simulated_refunds',
        'sales_days',
        'sales_day_sizes',
        'sales_months',
        'sales_month_sizes',
        'order_status_totals',
      ],
    },
    migrations: {
      migrationsList: migrations,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      path: 'server/src/db/migrations',
      emit: 'ts',
    },
  };
}

export async function initOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init(ormOptions(options));
}

/**
 * Applies the committed migrations, all in one transaction under start-up limits (an index on a large table may
 * take minutes); a fresh database gets the whole schema.
 */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.em.fork().transactional(async (em) => {
    await setTransactionLimits(em, startupLimits);
    return orm.getMigrator().up({ transaction: em.getTransactionContext() });
  });
  return applied.map((migration) => migration.name);
}
