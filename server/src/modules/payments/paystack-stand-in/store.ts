import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../../shared/prepared-statements';
import { sha256 } from '../../../shared/secrets';
import type { SimulatedPayment, SimulatedRefund } from './shapes';

/**
 * The stand-in's own store: its payments and refunds in two tables (migrations 0012 and 0013), so every instance
 * of the shop sees the same ones. Each function is one statement unless it says otherwise.
 */

const paymentColumns = `id, reference, amount, currency, email, callback_url, status, channel, phone, provider, metadata,
  paid_at, created_at, gateway_response, refunded`;

/** A stand-in, not a ledger: payments older than this are dropped as new ones start, so the table stays small. */
const keptDays = 7;

/** How many pending prompts the phone page lists at a time. */
export const promptsPerPage = 20;

const query = <T>(em: EntityManager, sql: string, values: unknown[]) =>
  em.getConnection().execute<T[]>(sql, values, 'all');

/** A page of a list: its rows and how many there are in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** What initialize and charge both store of a payment. */
export interface NewPayment {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  metadata: string | null;
}

export const standInStore = {
  async pendingByAccessCode(em: EntityManager, accessCode: string): Promise<SimulatedPayment | undefined> {
    const [found] = await query<SimulatedPayment>(
      em,
      `select ${paymentColumns} from simulated_payments where access_code_hash = ? and status = 'pending'`,
      [sha256(accessCode)],
    );
    return found;
  },

  async byReference(em: EntityManager, reference: string): Promise<SimulatedPayment | undefined> {
    const [found] = await query<SimulatedPayment>(
      em,
      `select ${paymentColumns} from simulated_payments where reference = ?`,
      [reference],
    );
    return found;
  },

  /** A payment by Paystack's numeric transaction id (digits, checked by the caller). */
  async byId(em: EntityManager, id: string): Promise<SimulatedPayment | undefined> {
    const [found] = await query<SimulatedPayment>(
      em,
      `select ${paymentColumns} from simulated_payments where id = ?::bigint`,
      [id],
    );
    return found;
  },

  /** A page of payments, newest first, with the total in the same statement. */
  async listPayments(
    em: EntityManager,
    perPage: number,
    page: number,
  ): Promise<ListPage<SimulatedPayment> & { volume: number }> {
    // Paystack's total_volume: what the listed payments brought in, all pages together.
    const rows = await query<SimulatedPayment & { total: string; volume: string }>(
      em,
      `select ${paymentColumns}, count(*) over () as total,
              sum(case when status = 'success' then amount else 0 end) over () as volume
         from simulated_payments order by created_at desc, id desc limit ? offset ?`,
      [perPage, (page - 1) * perPage],
    );
    return {
      rows: rows.map(({ total: _total, volume: _volume, ...payment }) => payment),
      total: Number(rows[0]?.total ?? 0),
      volume: Number(rows[0]?.volume ?? 0),
    };
  },

  /**
   * A hosted-page payment; undefined when the reference is taken. A reference is used once, as Paystack refuses a
   * duplicate; payments older than the days kept go in the same statement (and their references with them).
   */
  async insertInitialized(
    em: EntityManager,
    payment: NewPayment & { accessCode: string; callbackUrl: string | null; channel: string | null },
  ): Promise<{ id: string } | undefined> {
    // Prepared: every checkout's initialize passes here in test mode (decision 0060).
    const [created] = await queryPrepared<{ id: string }>(
      em,
      `with pruned as (delete from simulated_payments where created_at < now() - interval '${keptDays} days')
       insert into simulated_payments (reference, access_code_hash, amount, currency, email, callback_url, channel, metadata)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (reference) do nothing returning id`,
      [
        payment.reference,
        sha256(payment.accessCode),
        payment.amount,
        payment.currency,
        payment.email,
        payment.callbackUrl,
        payment.channel,
        payment.metadata,
      ],
    );
    return created;
  },

  /** A mobile-money charge waiting on the phone; undefined when the reference is taken. */
  async insertCharge(
    em: EntityManager,
    payment: NewPayment & { accessCode: string; phone: string },
  ): Promise<SimulatedPayment | undefined> {
    const [created] = await query<SimulatedPayment>(
      em,
      `with pruned as (delete from simulated_payments where created_at < now() - interval '${keptDays} days')
       insert into simulated_payments (reference, access_code_hash, amount, currency, email, channel, phone, provider,
         metadata, gateway_response)
       values (?, ?, ?, ?, ?, 'mobile_money', ?, 'mpesa', ?, 'Charge attempted')
       on conflict (reference) do nothing returning ${paymentColumns}`,
      [
        payment.reference,
        sha256(payment.accessCode),
        payment.amount,
        payment.currency,
        payment.email,
        payment.phone,
        payment.metadata,
      ],
    );
    return created;
  },

  /**
   * Ends a hosted-page payment. Used up by one conditional update: of two posts with the same code, on any
   * instances, only the first acts.
   */
  async settleByAccessCode(
    em: EntityManager,
    accessCode: string,
    outcome: 'success' | 'failed',
  ): Promise<SimulatedPayment | undefined> {
    const [found] = await query<SimulatedPayment>(
      em,
      `update simulated_payments
          set status = ?, channel = coalesce(channel, 'card'), gateway_response = ?,
              paid_at = case when ? = 'success' then now() end
        where access_code_hash = ? and status = 'pending'
       returning ${paymentColumns}`,
      [outcome, outcome === 'success' ? 'Successful' : 'Declined', outcome, sha256(accessCode)],
    );
    return found;
  },

  /** The prompts waiting on a phone, a page of them plus one (so the page knows whether there are more). */
  async pendingPrompts(em: EntityManager, phone: string, page: number): Promise<SimulatedPayment[]> {
    return query<SimulatedPayment>(
      em,
      `select ${paymentColumns} from simulated_payments where phone = ? and status = 'pending'
        order by created_at, reference limit ? offset ?`,
      [phone, promptsPerPage + 1, (page - 1) * promptsPerPage],
    );
  },

  /** Answers a prompt: one conditional update, so a prompt is answered once, from the phone it was sent to. */
  async answerPrompt(
    em: EntityManager,
    reference: string,
    phone: string,
    outcome: 'success' | 'failed',
  ): Promise<SimulatedPayment | undefined> {
    const [found] = await query<SimulatedPayment>(
      em,
      `update simulated_payments
          set status = ?, gateway_response = ?, paid_at = case when ? = 'success' then now() end
        where reference = ? and phone = ? and status = 'pending'
       returning ${paymentColumns}`,
      [outcome, outcome === 'success' ? 'Approved' : 'Declined by the customer', outcome, reference, phone],
    );
    return found;
  },

  /**
   * A refund of a successful payment, by its reference or numeric id. One statement: the payment row is locked, so
   * parallel refunds queue and each sees what is left after the one before. A refund above what is left (the whole
   * remainder when no amount is given) inserts nothing and answers undefined.
   */
  async insertRefund(
    em: EntityManager,
    refund: {
      transaction: string;
      transactionId: string | null;
      amount: number | null;
      merchantNote: string | null;
      customerNote: string | null;
    },
  ): Promise<SimulatedRefund | undefined> {
    const [created] = await query<SimulatedRefund>(
      em,
      `with target as (
         select reference, currency, amount - refunded as remaining from simulated_payments
          where (reference = ? or id = ?::bigint) and status = 'success'
          for update),
       asked as (select reference, currency, coalesce(?::bigint, remaining) as amount from target
          where coalesce(?::bigint, remaining) between 1 and remaining),
       counted as (update simulated_payments p set refunded = p.refunded + asked.amount from asked
          where p.reference = asked.reference returning p.reference)
       insert into simulated_refunds (transaction_reference, amount, currency, merchant_note, customer_note)
       select asked.reference, asked.amount, asked.currency, ?, ? from asked join counted using (reference)
       returning *`,
      [
        refund.transaction,
        refund.transactionId,
        refund.amount,
        refund.amount,
        refund.merchantNote,
        refund.customerNote,
      ],
    );
    return created;
  },

  /** The payment a refund asked about, by reference or numeric id (to say why a refund was refused). */
  async byReferenceOrId(
    em: EntityManager,
    transaction: string,
    transactionId: string | null,
  ): Promise<SimulatedPayment | undefined> {
    const [found] = await query<SimulatedPayment>(
      em,
      `select ${paymentColumns} from simulated_payments
        where reference = ? or id = ?::bigint`,
      [transaction, transactionId],
    );
    return found;
  },

  /** Marks a refund processed; undefined when it already was, so each refund.processed is sent once. */
  async markRefundProcessed(em: EntityManager, id: string): Promise<SimulatedRefund | undefined> {
    const [processed] = await query<SimulatedRefund>(
      em,
      `update simulated_refunds set status = 'processed', updated_at = now() where id = ? and status = 'pending'
       returning *`,
      [id],
    );
    return processed;
  },

  async refundById(em: EntityManager, id: string): Promise<SimulatedRefund | undefined> {
    const [refund] = await query<SimulatedRefund>(em, 'select * from simulated_refunds where id = ?', [id]);
    return refund;
  },

  /**
   * A page of refunds, newest first, each with its payment, filtered by the payment's numeric id, its reference and
   * the refund's currency (each may be null). One statement for the page, its payments and the total, however many refunds there are.
   */
  async listRefunds(
    em: EntityManager,
    filter: { transactionId: string | null; reference: string | null; currency: string | null },
    perPage: number,
    page: number,
  ): Promise<ListPage<{ refund: SimulatedRefund; payment: SimulatedPayment }>> {
    const rows = await query<SimulatedRefund & { payment: SimulatedPayment; total: string }>(
      em,
      `select r.*, to_jsonb(p) - 'access_code_hash' as payment, count(*) over () as total
         from simulated_refunds r join simulated_payments p on p.reference = r.transaction_reference
        where (?::bigint is null or p.id = ?::bigint) and (?::text is null or r.transaction_reference = ?::text)
          and (?::text is null or r.currency = ?::text)
        order by r.id desc limit ? offset ?`,
      [
        filter.transactionId,
        filter.transactionId,
        filter.reference,
        filter.reference,
        filter.currency,
        filter.currency,
        perPage,
        (page - 1) * perPage,
      ],
    );
    return {
      rows: rows.map(({ payment, total: _total, ...refund }) => ({
        refund,
        // to_jsonb gives numbers where the driver gives bigint columns as text.
        payment: {
          ...payment,
          id: String(payment.id),
          amount: String(payment.amount),
          refunded: String(payment.refunded),
        },
      })),
      total: Number(rows[0]?.total ?? 0),
    };
  },
};
