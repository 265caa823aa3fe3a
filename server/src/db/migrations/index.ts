import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Initial } from './migration-0001-initial';
import { Migration0002Storefront } from './migration-0002-storefront';
import { Migration0003Accounts } from './migration-0003-accounts';
import { Migration0004Commerce } from './migration-0004-commerce';
import { Migration0005Payments } from './migration-0005-payments';
import { Migration0006Notifications } from './migration-0006-notifications';
import { Migration0007AdminCatalog } from './migration-0007-admin-catalog';
import { Migration0008AdminOperations } from './migration-0008-admin-operations';
import { Migration0009ForeignKeyIndexes } from './migration-0009-foreign-key-indexes';
import { Migration0010RateLimits } from './migration-0010-rate-limits';
import { Migration0011CatalogueIndexes } from './migration-0011-catalogue-indexes';
import { Migration0012SharedState } from './migration-0012-shared-state';
import { Migration0013ProductReviews } from './migration-0013-product-reviews';
import { Migration0014PaystackStandIn } from './migration-0014-paystack-stand-in';
import { Migration0015SearchIndexes } from './migration-0015-search-indexes';
import { Migration0016Refunds } from './migration-0016-refunds';
import { Migration0017RichNotifications } from './migration-0017-rich-notifications';
import { Migration0018DiscountCodes } from './migration-0018-discount-codes';
import { Migration0019NewsletterOptIn } from './migration-0019-newsletter-opt-in';
import { Migration0020RefundsNotSent } from './migration-0020-refunds-not-sent';
import { Migration0021PendingPaymentsIndex } from './migration-0021-pending-payments-index';
import { Migration0022IdempotentOrders } from './migration-0022-idempotent-orders';
import { Migration0023SearchCosts } from './migration-0023-search-costs';
import { Migration0024ProductVariants } from './migration-0024-product-variants';
import { Migration0025ProductHandles } from './migration-0025-product-handles';
import { Migration0026FacetTerms } from './migration-0026-facet-terms';
import { Migration0027HandleCheckByIndex } from './migration-0027-handle-check-by-index';
import { Migration0028StockWritesInPlace } from './migration-0028-stock-writes-in-place';
import { Migration0029PhoneSignIn } from './migration-0029-phone-sign-in';
import { Migration0030SavedAddresses } from './migration-0030-saved-addresses';
import { Migration0031PayOnDelivery } from './migration-0031-pay-on-delivery';
import { Migration0032WhatsappUpdates } from './migration-0032-whatsapp-updates';

/**
 * Every migration, in order, listed explicitly so they run the same from src (tsx, jest) and from
 * dist. Create one with `npm run migration:create -w server -- <name>`, rename it to
 * migration-NNNN-<name>.ts and add it here.
 */
export const migrations: MigrationObject[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial },
  { name: 'Migration0002Storefront', class: Migration0002Storefront },
  { name: 'Migration0003Accounts', class: Migration0003Accounts },
  { name: 'Migration0004Commerce', class: Migration0004Commerce },
  { name: 'Migration0005Payments', class: Migration0005Payments },
  { name: 'Migration0006Notifications', class: Migration0006Notifications },
  { name: 'Migration0007AdminCatalog', class: Migration0007AdminCatalog },
  { name: 'Migration0008AdminOperations', class: Migration0008AdminOperations },
  { name: 'Migration0009ForeignKeyIndexes', class: Migration0009ForeignKeyIndexes },
  { name: 'Migration0010RateLimits', class: Migration0010RateLimits },
  { name: 'Migration0011CatalogueIndexes', class: Migration0011CatalogueIndexes },
  { name: 'Migration0012SharedState', class: Migration0012SharedState },
  { name: 'Migration0013ProductReviews', class: Migration0013ProductReviews },
  { name: 'Migration0014PaystackStandIn', class: Migration0014PaystackStandIn },
  { name: 'Migration0015SearchIndexes', class: Migration0015SearchIndexes },
  { name: 'Migration0016Refunds', class: Migration0016Refunds },
  { name: 'Migration0017RichNotifications', class: Migration0017RichNotifications },
  { name: 'Migration0018DiscountCodes', class: Migration0018DiscountCodes },
  { name: 'Migration0019NewsletterOptIn', class: Migration0019NewsletterOptIn },
  { name: 'Migration0020RefundsNotSent', class: Migration0020RefundsNotSent },
  { name: 'Migration0021PendingPaymentsIndex', class: Migration0021PendingPaymentsIndex },
  { name: 'Migration0022IdempotentOrders', class: Migration0022IdempotentOrders },
  { name: 'Migration0023SearchCosts', class: Migration0023SearchCosts },
  { name: 'Migration0024ProductVariants', class: Migration0024ProductVariants },
  { name: 'Migration0025ProductHandles', class: Migration0025ProductHandles },
  { name: 'Migration0026FacetTerms', class: Migration0026FacetTerms },
  { name: 'Migration0027HandleCheckByIndex', class: Migration0027HandleCheckByIndex },
  { name: 'Migration0028StockWritesInPlace', class: Migration0028StockWritesInPlace },
  { name: 'Migration0029PhoneSignIn', class: Migration0029PhoneSignIn },
  { name: 'Migration0030SavedAddresses', class: Migration0030SavedAddresses },
  { name: 'Migration0031PayOnDelivery', class: Migration0031PayOnDelivery },
  { name: 'Migration0032WhatsappUpdates', class: Migration0032WhatsappUpdates },
];
