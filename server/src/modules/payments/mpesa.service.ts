import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { formatKsh } from '../../shared/money';
import { kenyanMobile } from '../../shared/kenyan-mobile';
import { randomToken } from '../../shared/secrets';
import { isUuid } from '../../shared/uuid';
import { Permission, requirePermission, requireViewer } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { OrderStatus, PaymentMethod, PaymentStatus } from '../orders/order.entity';
import { countPaymentStart, countPromptToPhone } from './payment-limits';
import { applyPaystackResult } from './payments.service';
import { Transaction } from './transaction.entity';
import { paystackCustomerEmail } from './paystack-client';

/** A charge still pending after this long is asked of Paystack on the next poll: a lost webhook must not stall. */
export const VERIFY_PENDING_AFTER_MS = 5_000;

/**
 * A prompt holds the order's stock at least this long while the phone waits, and never more than this past the
 * order's own first hold (created_at + RESERVATION_MINUTES): a script that keeps prompting cannot hold stock for ever.
 */
export const PROMPT_HOLD_MINUTES = 10;

/**
 * A pending prompt younger than this is still open on the phone: another for the same order is refused. The
 * checkout gives up waiting after as long (client GIVE_UP_MS), so its "Try again" is never refused by this.
 */
export const OPEN_PROMPT_MINUTES = 2;

export interface MpesaCharge {
  orderId: string;
  reference: string;
  amountCents: number;
  displayText: string;
}

export interface OrderPaymentState {
  id: string;
  orderId: string;
  reference: string;
  status: 'pending' | 'completed' | 'failed';
  /** Completed, but for an order that is cancelled: nothing will be delivered and the money goes back (0065). */
  refundDue: boolean;
  reason: string | null;
  amountCents: number;
  method: PaymentMethod;
}

interface PayableOrder {
  id: string;
  total_cents: number;
  currency: string;
  recipient_email: string;
  recipient_phone: string;
  payable: boolean;
}

/**
 * Whose order a prompt may be for: the shopper's own unpaid order, or (an admin at the door, issue 26) any order
 * paid on delivery that is not cancelled.
 */
export type PromptScope = { accountId: string } | { atDoor: true };

function reasonOf(transaction: Transaction): string {
  const response = transaction.providerResponse;
  const said = response && typeof response.gateway_response === 'string' ? response.gateway_response : '';
  return said || 'The payment was not completed.';
}

/**
 * The order in scope, and when it can be paid and has no open prompt, a pending M-Pesa transaction and a hold that
 * covers the wait on the phone. The order's row is locked first, so the check for an open prompt reads what a
 * parallel call committed: of simultaneous calls for one order, one starts a prompt. Nothing else is asked of the
 * pool while the lock is held: the callers waiting on it hold connections too, and a second connection wanted
 * here could wait on them (the number's count follows the commit, in prompt).
 */
async function startPrompt(
  ctx: RequestContext,
  scope: PromptScope,
  orderId: string,
  reference: string,
): Promise<{ order: PayableOrder | undefined; open: boolean }> {
  return ctx.em.transactional(async (trx) => {
    const connection = trx.getConnection();
    const [order] = await connection.execute<PayableOrder[]>(
      `select id, total_cents, currency, recipient_email, recipient_phone,
              payment_status = ? and stock_released_at is null as payable
         from orders
        where id = ? and ${'accountId' in scope ? 'user_id = ?' : `payment_method = ? and status <> ?`}
        for update`,
      [
        PaymentStatus.PENDING,
        orderId,
        ...('accountId' in scope ? [scope.accountId] : [PaymentMethod.ON_DELIVERY, OrderStatus.CANCELLED]),
      ],
      'all',
      trx.getTransactionContext(),
    );
    if (!order?.payable) return { order, open: false };
    // A second statement: its snapshot is taken after the lock above, so it sees a prompt committed meanwhile.
    const [prompt] = await connection.execute<{ open: boolean }[]>(
      `select exists (select 1 from transactions
                       where order_id = ? and method = ? and status = ? and created_at > now() - make_interval(mins => ?))
              as open`,
      [order.id, PaymentMethod.MPESA, PaymentStatus.PENDING, OPEN_PROMPT_MINUTES],
      'all',
      trx.getTransactionContext(),
    );
    if (prompt!.open) return { order, open: true };
    await connection.execute(
      `with started as (
         insert into transactions (id, order_id, reference, amount_cents, currency, method)
         values (?, ?, ?, ?, ?, ?) returning order_id)
       update orders
          set reserved_until = greatest(reserved_until, least(now() + make_interval(mins => ?),
                                                              created_at + make_interval(mins => ?)))
        where id in (select order_id from started)`,
      [
        randomUUID(),
        order.id,
        reference,
        order.total_cents,
        order.currency,
        PaymentMethod.MPESA,
        PROMPT_HOLD_MINUTES,
        ctx.config.reservationMinutes + PROMPT_HOLD_MINUTES,
      ],
      'run',
      trx.getTransactionContext(),
    );
    if ('atDoor' in scope) {
      recordAudit(ctx, trx, {
        action: 'requestDeliveryPayment',
        targetType: 'order',
        targetId: order.id,
        after: { reference, amountCents: order.total_cents, method: PaymentMethod.MPESA },
      });
    }
    return { order, open: false };
  });
}

/**
 * Prompts a phone to pay an order in scope through Paystack's charge API (M-Pesa), once the caller's attempt was
 * counted; the number is the one given, else (at the door) the order's recipient's. The webhook or a later verify
 * settles it.
 */
async function prompt(
  ctx: RequestContext,
  scope: PromptScope,
  orderId: string,
  phoneInput: unknown,
): Promise<MpesaCharge> {
  const reference = `MK-${randomToken(12)}`;
  const { order, open } = await startPrompt(ctx, scope, orderId, reference);
  if (!order) throw AppError.notFound('Order not found');
  if (!order.payable) throw AppError.field('orderId', 'NOT_PAYABLE', 'This order can no longer be paid.');
  if (open)
    throw AppError.field(
      'orderId',
      'PAYMENT_PENDING',
      `A payment prompt for this order is already waiting on a phone. Approve it there, or try again in ${OPEN_PROMPT_MINUTES} minutes.`,
    );
  const phone = kenyanMobile(phoneInput ?? order.recipient_phone);
  const fail = () => ctx.em.nativeUpdate(Transaction, { reference }, { status: PaymentStatus.FAILED });
  if (!phone) {
    await fail();
    throw AppError.field('phone', 'INVALID_PHONE', invalidMpesaNumber);
  }
  try {
    await countPromptToPhone(ctx, phone);
  } catch (error) {
    // Not prompted, so not open: the order may be paid from another number at once.
    await fail();
    throw error;
  }
  try {
    await ctx.paystack().chargeMobileMoney({
      email: paystackCustomerEmail(order.recipient_email, order.recipient_phone, ctx.config.mail.from),
      amount: order.total_cents,
      currency: order.currency,
      reference,
      mobile_money: { phone, provider: 'mpesa' },
      metadata: { order_id: order.id },
    });
  } catch (error) {
    ctx.log.error({ err: error, reference }, 'Paystack M-Pesa charge failed');
    // No longer open: the shopper may try again at once.
    await fail();
    throw new AppError('INTERNAL', 'Payment initialization failed');
  }
  return {
    orderId: order.id,
    reference,
    amountCents: order.total_cents,
    displayText: `Approve ${formatKsh(order.total_cents)} on your phone`,
  };
}

const invalidMpesaNumber = 'Please enter a valid M-Pesa number, e.g. +254712345678';

export const mpesaService = {
  /**
   * Prompts the shopper's phone to pay their unpaid order through Paystack's charge API (M-Pesa). The webhook
   * or a later verify settles it; the order's hold is stretched to cover the wait, within PROMPT_HOLD_MINUTES of
   * its first hold. Limited per order, number, account and client (payment-limits.ts), one open prompt per order.
   */
  async charge(ctx: RequestContext, orderId: unknown, phoneInput: unknown): Promise<MpesaCharge> {
    const viewer = requireViewer(ctx);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    if (!kenyanMobile(phoneInput)) throw AppError.field('phone', 'INVALID_PHONE', invalidMpesaNumber);
    // Counted before anything is written or the phone is prompted (decision 0063); the number once the order is
    // known payable (prompt).
    await countPaymentStart(ctx, viewer.id, orderId);
    return prompt(ctx, { accountId: viewer.id }, orderId, phoneInput);
  },

  /**
   * At the door (issue 26): an admin prompts the recipient's phone (or the number the rider is given) to pay an
   * order placed to be paid on delivery, as the checkout would. Counted as the admin's payment starts.
   */
  async requestAtDoor(ctx: RequestContext, orderId: unknown, phoneInput: unknown): Promise<MpesaCharge> {
    const admin = requirePermission(ctx, Permission.ORDERS);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    const given = phoneInput === undefined || phoneInput === null || phoneInput === '' ? undefined : phoneInput;
    if (given !== undefined && !kenyanMobile(given)) throw AppError.field('phone', 'INVALID_PHONE', invalidMpesaNumber);
    await countPaymentStart(ctx, admin.id, orderId);
    return prompt(ctx, { atDoor: true }, orderId, given);
  },

  /**
   * How the caller's latest payment of an order stands. Polled while the phone prompt waits; a charge still
   * pending after VERIFY_PENDING_AFTER_MS is asked of Paystack, so a lost webhook does not stall the page.
   */
  async status(ctx: RequestContext, orderId: unknown, now = new Date()): Promise<OrderPaymentState> {
    const viewer = requireViewer(ctx);
    if (!isUuid(orderId)) throw AppError.notFound('Payment not found');
    const find = (refresh: boolean) =>
      ctx.em.findOne(
        Transaction,
        { order: { id: orderId, user: viewer.id } },
        { orderBy: { createdAt: 'desc', id: 'asc' }, populate: ['order'], refresh },
      );
    let transaction = await find(false);
    if (!transaction) throw AppError.notFound('Payment not found');
    if (
      transaction.status === PaymentStatus.PENDING &&
      now.getTime() - transaction.createdAt.getTime() >= VERIFY_PENDING_AFTER_MS
    ) {
      try {
        const data = await ctx.paystack().verify(transaction.reference);
        await applyPaystackResult(ctx.em, transaction.reference, data, ctx.config);
        transaction = (await find(true))!;
      } catch (error) {
        // Paystack unreachable: the charge stays pending and the next poll asks again.
        ctx.log.warn({ err: error, reference: transaction.reference }, 'Paystack verify failed while polling');
      }
    }
    const paid =
      transaction.order.paymentStatus === PaymentStatus.COMPLETED || transaction.status === PaymentStatus.COMPLETED;
    const status = paid ? 'completed' : transaction.status === PaymentStatus.FAILED ? 'failed' : 'pending';
    return {
      id: transaction.id,
      orderId: transaction.order.id,
      reference: transaction.reference,
      status,
      // Money taken for an order that stays cancelled (an admin cancelled it while the prompt was open, or its hold
      // ran out and the stock went): the payment is flagged for a refund, so no client may show it as confirmed.
      refundDue: paid && transaction.order.status === OrderStatus.CANCELLED,
      reason: status === 'failed' ? reasonOf(transaction) : null,
      amountCents: transaction.amountCents,
      method: transaction.method,
    };
  },
};
