import { createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'undici';

/**
 * Paystack gets this long for a whole call, its answer read to the end, before it is given up. A request older than
 * this has ended on our side, so a refund Paystack has not listed by then never reached it (decision 0065).
 */
export const paystackTimeoutMs = 15_000;

/** Pages of a payment's refunds read at most (100 a page): far more refunds than one payment can have. */
const maxRefundPages = 20;

/**
 * The shop's own keep-alive connections to Paystack. Passing a dispatcher keeps undici from installing its
 * agent as the process-wide one that Node's built-in fetch would then use too.
 */
const paystackAgent = new Agent({ keepAliveTimeout: 10_000 });

export interface PaystackTransaction {
  /** Paystack's numeric id for the transaction: what its refund list filters by (the reference does not do). */
  id?: number;
  reference: string;
  status: string;
  amount: number;
  currency: string;
  [key: string]: unknown;
}

/**
 * A refund as Paystack answers and reports it. The webhook's data carries transaction_reference but no notes; its
 * answers (create, fetch, list) carry the merchant note as it was sent, or Paystack's default when none was.
 */
export interface PaystackRefund {
  id: number | string;
  status: string;
  amount: number;
  currency: string;
  transaction_reference?: string;
  merchant_note?: string | null;
  [key: string]: unknown;
}

/**
 * Paystack answered and said no (a 4xx with status false): nothing happened there. Any other failure (timeout,
 * network error, 5xx, an unreadable answer) leaves it unknown whether Paystack acted on the request.
 */
export class PaystackRefusal extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'PaystackRefusal';
  }
}

/** Paystack's HTTP API (https://api.paystack.co), or anything that speaks it (the stand-in, a test server). */
export function createPaystackClient(baseUrl: string, secretKey: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    // undici's request rather than fetch: the same client underneath without the WHATWG objects, which cost a
    // checkout more CPU than the shop's own handling of the call (decision 0060).
    const response = await request(`${baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: paystackAgent,
      // The whole call, body included: undici's own timeouts only bound each wait for the next bytes.
      signal: AbortSignal.timeout(paystackTimeoutMs),
      // A redirect is not followed (fetch followed them): Paystack's API answers where it is asked.
    });
    const answer = (await response.body.json().catch(() => ({}))) as { status?: boolean; message?: string; data?: T };
    const status = response.statusCode;
    if (status >= 400 && status < 500 && answer.status === false) {
      throw new PaystackRefusal(
        `Paystack ${method} ${path} refused with ${status}: ${answer.message ?? 'no message'}`,
        status,
      );
    }
    if (status < 200 || status > 299 || answer.status !== true || answer.data === undefined) {
      throw new Error(`Paystack ${method} ${path} answered ${status}: ${answer.message ?? 'no message'}`);
    }
    return answer.data;
  }
  return {
    initialize: (input: {
      email: string;
      amount: number;
      currency: string;
      reference: string;
      callback_url: string;
      channels: string[];
      metadata: Record<string, unknown>;
    }) =>
      call<{ authorization_url: string; access_code: string; reference: string }>(
        'POST',
        '/transaction/initialize',
        input,
      ),
    verify: (reference: string) =>
      call<PaystackTransaction>('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
    /** POST /charge with mobile money: M-Pesa prompts the phone and answers pay_offline with a line to show. */
    chargeMobileMoney: (input: {
      email: string;
      amount: number;
      currency: string;
      reference: string;
      mobile_money: { phone: string; provider: 'mpesa' };
      metadata: Record<string, unknown>;
    }) => call<PaystackTransaction & { display_text?: string }>('POST', '/charge', input),
    /** POST /refund: the transaction's reference, the amount in subunits, our refund's id and reason as the merchant note. */
    refund: (input: { transaction: string; amount: number; merchant_note: string }) =>
      call<PaystackRefund>('POST', '/refund', input),
    /** GET /refund/:id: one refund, once Paystack's id for it is known. */
    fetchRefund: (id: string) => call<PaystackRefund>('GET', `/refund/${encodeURIComponent(id)}`),
    /**
     * GET /refund?transaction=: every refund of one payment, newest first, page by page. Paystack's List Refunds
     * filters by the transaction's numeric id only (unlike POST /refund, which also takes the reference).
     */
    async listRefunds(transactionId: number): Promise<PaystackRefund[]> {
      const perPage = 100;
      const refunds: PaystackRefund[] = [];
      for (let page = 1; page <= maxRefundPages; page += 1) {
        const found = await call<PaystackRefund[]>(
          'GET',
          `/refund?transaction=${transactionId}&perPage=${perPage}&page=${page}`,
        );
        refunds.push(...found);
        if (found.length < perPage) return refunds;
      }
      throw new Error(`Paystack lists more than ${maxRefundPages * perPage} refunds for transaction ${transactionId}`);
    },
  };
}

export type PaystackClient = ReturnType<typeof createPaystackClient>;

/** Paystack signs webhooks with HMAC-SHA512 of the raw body and the secret key (x-paystack-signature). */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function isValidPaystackSignature(secretKey: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(paystackSignature(secretKey, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

declare module '../../core/request-context' {
  interface RequestContext {
    /** Paystack, or the shop's stand-in when no secret key is configured. */
    paystack: () => PaystackClient;
  }
}

/**
 * The e-mail Paystack files a payment under (it requires one): the order's, else, for a shopper who signed in with
 * a phone and gave none, an address made from the number at the shop's mail domain (MAIL_FROM's), never mailed by
 * the shop itself.
 */
export function paystackCustomerEmail(orderEmail: string, phone: string, mailFrom: string): string {
  if (orderEmail) return orderEmail;
  const domain = /@([^\s>]+)/.exec(mailFrom)?.[1] ?? 'manukato.co.ke';
  return `${phone.replace(/\D/g, '')}@phone.${domain}`;
}
