import { Router } from 'express';
import { chargeRoutes } from './charge-routes';
import { checkoutPageRoutes } from './checkout-page-routes';
import { phonePageRoutes } from './phone-page-routes';
import { refundRoutes } from './refund-routes';
import { standInOf, type StandInOptions } from './stand-in-options';
import { transactionRoutes } from './transaction-routes';

/**
 * A local stand-in that speaks Paystack's protocol where the shop and an integrator meet it (decision 0053):
 * initialize → a hosted page with Pay and Decline → a signed charge.success webhook and a redirect to the callback;
 * a mobile-money charge → a prompt on the simulated phone page (/paystack-simulator/phone) → approve sends
 * charge.success; verify, GET /transaction, GET /transaction/:id and GET /charge/:reference answer what happened;
 * refunds send refund.pending then refund.processed and are listed by GET /refund. A decline sends nothing, as
 * Paystack sends no webhook for a failed payment. Mounted only in test mode (config.paystack.simulator), at
 * /paystack-simulator with a JSON body parser in front.
 */
export function paystackStandIn(options: StandInOptions): Router {
  const standIn = standInOf(options);
  const router = Router();
  router.use(transactionRoutes(standIn));
  router.use(chargeRoutes(standIn));
  router.use(refundRoutes(standIn));
  router.use(checkoutPageRoutes(standIn));
  router.use(phonePageRoutes(standIn));
  return router;
}
