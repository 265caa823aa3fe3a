import { sha256 } from '../../../shared/secrets';

/**
 * The objects the Paystack stand-in answers and sends, with the fields Paystack's published API description
 * documents (decision 0053), built from the stand-in's rows. Field names are Paystack's.
 */

/** A stand-in transaction as the table keeps it (migrations 0012 and 0013): every instance sees the same ones. */
export interface SimulatedPayment {
  id: string;
  reference: string;
  amount: string;
  currency: string;
  email: string;
  callback_url: string | null;
  status: 'pending' | 'success' | 'failed';
  channel: string | null;
  phone: string | null;
  provider: string | null;
  metadata: unknown;
  paid_at: Date | null;
  created_at: Date;
  gateway_response: string | null;
  refunded: string;
}

export interface SimulatedRefund {
  id: string;
  transaction_reference: string;
  amount: string;
  currency: string;
  status: string;
  merchant_note: string | null;
  customer_note: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A stable number for a text (customer ids, authorization codes): the stand-in keeps no customer table. */
const numberFor = (text: string) =>
  Number.parseInt(Buffer.from(sha256(text), 'base64url').toString('hex').slice(0, 7), 16);
const codeFor = (prefix: string, text: string) =>
  `${prefix}${Buffer.from(sha256(text), 'base64url').toString('hex').slice(0, 14)}`;
export const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function customerOf(payment: Pick<SimulatedPayment, 'email' | 'phone'>) {
  return {
    id: numberFor(payment.email.toLowerCase()),
    first_name: null,
    last_name: null,
    email: payment.email,
    customer_code: codeFor('CUS_', payment.email.toLowerCase()),
    phone: payment.phone,
    metadata: null,
    risk_action: 'default',
    international_format_phone: payment.phone,
  };
}

/** Paystack's authorization object: empty until a channel is known, then the card's or the wallet's. */
function authorizationOf(payment: SimulatedPayment) {
  if (!payment.channel) return {};
  const mobile = payment.channel === 'mobile_money';
  return {
    authorization_code: payment.status === 'success' ? codeFor('AUTH_', payment.reference) : null,
    bin: mobile ? (payment.phone ?? '').slice(0, 7) : '408408',
    last4: mobile ? (payment.phone ?? '').slice(-4) : '4081',
    exp_month: mobile ? '' : '12',
    exp_year: mobile ? '' : '2030',
    channel: payment.channel,
    card_type: mobile ? '' : 'visa ',
    bank: mobile ? 'M-PESA' : 'TEST BANK',
    country_code: 'KE',
    brand: mobile ? 'M-PESA' : 'visa',
    reusable: false,
    signature: codeFor('SIG_', payment.reference),
    account_name: null,
    receiver_bank_account_number: null,
    receiver_bank: null,
  };
}

/**
 * What verify answers: pending is 'abandoned' on the hosted page (not finished) and 'pending' while a mobile-money
 * prompt waits on the phone; a success refunded in full reads 'reversed', as Paystack shows it.
 */
function statusOf(payment: SimulatedPayment): string {
  if (payment.status === 'pending') return payment.phone ? 'pending' : 'abandoned';
  if (payment.status === 'success' && payment.refunded === payment.amount) return 'reversed';
  return payment.status;
}

/** The transaction object of verify, charge and the charge.success webhook, with the fields Paystack documents. */
export function transactionData(payment: SimulatedPayment) {
  const createdAt = iso(payment.created_at)!;
  const paidAt = iso(payment.paid_at);
  return {
    id: Number(payment.id),
    domain: 'test',
    status: statusOf(payment),
    reference: payment.reference,
    receipt_number: null,
    amount: Number(payment.amount),
    message: null,
    gateway_response: payment.gateway_response ?? 'The transaction was not completed',
    paid_at: paidAt,
    created_at: createdAt,
    channel: payment.channel ?? 'card',
    currency: payment.currency,
    ip_address: '',
    metadata: payment.metadata ?? '',
    log: null,
    fees: payment.status === 'success' ? 0 : null,
    fees_split: null,
    authorization: authorizationOf(payment),
    customer: customerOf(payment),
    plan: null,
    split: {},
    order_id: null,
    paidAt,
    createdAt,
    requested_amount: Number(payment.amount),
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: createdAt,
    plan_object: {},
    subaccount: {},
  };
}

export function refundData(refund: SimulatedRefund, payment: SimulatedPayment) {
  return {
    id: Number(refund.id),
    integration: 1,
    domain: 'test',
    transaction: Number(payment.id),
    transaction_reference: payment.reference,
    transaction_amount: Number(payment.amount),
    dispute: null,
    settlement: null,
    currency: refund.currency,
    amount: Number(refund.amount),
    status: refund.status,
    refunded_at: refund.status === 'processed' ? iso(refund.updated_at) : null,
    refunded_by: payment.email,
    customer_note: refund.customer_note ?? `Refund for transaction ${payment.reference}`,
    merchant_note: refund.merchant_note ?? `Refund for transaction ${payment.reference}`,
    deducted_amount: 0,
    fully_deducted: 0,
    createdAt: iso(refund.created_at),
    updatedAt: iso(refund.updated_at),
    bank_reference: null,
    reason: '',
    // The refund's customer is documented with strings where the transaction's has nulls.
    customer: {
      ...customerOf(payment),
      first_name: '',
      last_name: '',
      phone: payment.phone ?? '',
      metadata: '',
      international_format_phone: payment.phone ?? '',
    },
    refund_type: refund.amount === payment.amount ? 'full' : 'partial',
    initiated_by: 'merchant',
    refund_channel: payment.channel ?? 'card',
    session_id: null,
    collect_account_number: false,
  };
}

/** POST /refund's answer: the refund with its transaction inlined, as Paystack's "Create Refund" documents. */
export function createdRefundData(refund: SimulatedRefund, payment: SimulatedPayment) {
  const transaction = transactionData(payment);
  const { transaction_reference: _reference, transaction_amount: _amount, ...rest } = refundData(refund, payment);
  return {
    ...rest,
    transaction: {
      id: transaction.id,
      domain: transaction.domain,
      reference: transaction.reference,
      amount: transaction.amount,
      paid_at: transaction.paid_at,
      channel: transaction.channel,
      currency: transaction.currency,
      authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: payment.phone },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: transaction.paidAt,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    channel: null,
    fully_deducted: false,
    expected_at: iso(new Date(Date.now() + 5 * 24 * 3600_000)),
  };
}

/** refund.* webhooks' data, as Paystack sends it. */
export function refundEvent(refund: SimulatedRefund, payment: SimulatedPayment) {
  return {
    id: refund.id,
    status: refund.status,
    transaction_reference: payment.reference,
    refund_reference: refund.status === 'processed' ? `RFD_${refund.id}` : null,
    amount: Number(refund.amount),
    currency: refund.currency,
    processor: payment.channel === 'mobile_money' ? 'mpesa' : 'card',
    customer: { first_name: null, last_name: null, email: payment.email },
    integration: 1,
    domain: 'test',
  };
}

/** A transaction as List Transactions shows it: metadata an object or null, plan an object, as documented. */
export function listedTransactionData(payment: SimulatedPayment) {
  return { ...transactionData(payment), metadata: payment.metadata ?? null, plan: {} };
}

/** A transaction as Fetch Transaction shows it: List's, with the helpdesk link its answer carries. */
export function fetchedTransactionData(payment: SimulatedPayment) {
  return { ...listedTransactionData(payment), helpdesk_link: null };
}
