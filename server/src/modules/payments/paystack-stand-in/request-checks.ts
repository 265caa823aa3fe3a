import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** What the stand-in's API routes check of a request, and how they refuse, in Paystack's words. */

/** Text the stand-in stores: a string PostgreSQL accepts (no NUL), of a sane length. */
export const storable = (value: unknown, maxLength = 2000): value is string =>
  typeof value === 'string' && value.length <= maxLength && !value.includes('\u0000');

/** Paystack's words for the refusals an integrator meets first (its published API description and answers). */
export const refusals = {
  key: 'Invalid key',
  email: 'Invalid Email Address Passed',
  amount: 'Invalid Amount Sent',
  duplicate: 'Duplicate Transaction Reference',
  notFound: 'Transaction reference not found',
} as const;

/** Amounts in subunits: an integer, or a string of digits (Paystack takes both; some client libraries send strings). */
export function subunits(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** Paystack's numeric ids (transactions, refunds), as text: digits a bigint holds. */
export const numericId = (value: unknown): value is string => typeof value === 'string' && /^\d{1,18}$/.test(value);

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Paystack references: letters, digits, '-', '.' and '='. */
const referencePattern = /^[\w.=-]{1,100}$/;
const currencies = ['KES', 'GHS', 'NGN', 'ZAR', 'USD'];

/** A Kenyan mobile number as Paystack takes it (+2547…, 2547…, 07…, 01…), written +254…; undefined otherwise. */
export function kenyanPhone(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(value.replace(/[\s-]/g, ''));
  return match ? `+254${match[1]}` : undefined;
}

/** Metadata as Paystack keeps it: an object, or a JSON string of one; anything else is dropped. */
function metadataOf(value: unknown): string | null {
  if (typeof value === 'string') {
    try {
      return metadataOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const text = JSON.stringify(value);
  // jsonb holds no NUL character; such metadata is dropped rather than failing the payment.
  return text.includes('\\u0000') ? null : text;
}

/** Paystack's refusal: `{status: false, message}` and what else Paystack sends with it. */
export const refuse = (response: Response, status: number, message: string, extra: Record<string, unknown> = {}) =>
  response.status(status).json({ status: false, message, ...extra });

export const refuseDuplicate = (response: Response) =>
  refuse(response, 400, refusals.duplicate, {
    meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
    type: 'validation_error',
    code: 'duplicate_reference',
  });

/**
 * Paystack's paging of lists (perPage up to 100, 50 when absent; page from 1) and the meta it answers with. Its API
 * reference writes perPage, its OpenAPI description per_page for List Transactions: both are read.
 */
const maxPage = 1_000_000;

export function paging(request: Request): { perPage: number; page: number } {
  const asked = request.query.perPage ?? request.query.per_page ?? '50';
  const perPage = Math.min(Math.max(Number.parseInt(String(asked), 10) || 50, 1), 100);
  // Capped so the offset stays a plain integer PostgreSQL takes (page=1e20 made it out of range).
  const page = Math.min(Math.max(Number.parseInt(String(request.query.page ?? '1'), 10) || 1, 1), maxPage);
  return { perPage, page };
}

export function pageMeta({ perPage, page }: { perPage: number; page: number }, total: number) {
  return { total, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(total / perPage) };
}

/**
 * What initialize and charge both check: email, amount, currency, an optional reference (generated when absent)
 * and metadata. A refusal is answered here and gives undefined.
 */
export function paymentInput(request: Request, response: Response) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const amount = subunits(body.amount);
  if (!storable(body.email, 200) || !emailPattern.test(body.email)) {
    refuse(response, 400, refusals.email);
    return undefined;
  }
  if (amount === undefined) {
    refuse(response, 400, refusals.amount);
    return undefined;
  }
  const currency = body.currency ?? 'KES';
  if (typeof currency !== 'string' || !currencies.includes(currency)) {
    refuse(response, 400, 'Currency not supported by merchant');
    return undefined;
  }
  const reference = body.reference ?? randomBytes(8).toString('hex');
  if (typeof reference !== 'string' || !referencePattern.test(reference)) {
    refuse(response, 400, 'Invalid reference: use only letters, digits, -, . and =');
    return undefined;
  }
  return { email: body.email, amount, currency, reference, metadata: metadataOf(body.metadata), body };
}
