import { checkoutForm } from './checkout';

/**
 * What the hostile-input suites share (src/http/__tests__/hostile-input*.test.ts): a body every REST route can
 * read, and what no answer of the shop may be or show.
 */

/**
 * A value for every body field the REST adapter reads (one body fits every route: each ignores the fields it
 * does not read), so a body gets past "missing field" answers to the code that uses the field.
 */
export function plausibleBody(ids: { shopper: string; order: string }): Record<string, unknown> {
  return {
    email: 'wanjiru@example.co.ke',
    password: 'a-long-enough-password',
    first: 'Wanjiru',
    last: 'Kamau',
    name: 'Wanjiru',
    rating: 5,
    title: 'Lovely',
    fullReview: 'Lasts all day.',
    otp: '123456',
    hash: '00000000-0000-0000-0000-000000000000',
    token: 'a'.repeat(43),
    credential: 'not-a-google-token',
    quantity: 1,
    product_id: 2,
    user_id: ids.shopper,
    order_id: ids.order,
    orderId: ids.order,
    status: 'cancelled',
    inStock: 1,
    price: 1500,
    salePrice: 1200,
    onSale: 0,
    category: 'FOR MEN',
    description: 'A fresh scent.',
    ...checkoutForm,
    payment_method: 'paystack',
    reference: 'hostile-reference',
    event: 'charge.success',
    data: { reference: 'hostile-reference', amount: 150000, currency: 'KES' },
    amount: 150000,
    currency: 'KES',
    action: 'pay',
    limit: 10,
    offset: 0,
    search: 'rose',
  };
}

/** A stack frame, a source path or a database message: text the shop's own answers never contain. */
const leaks: [string, RegExp][] = [
  ['a stack trace', /\n\s+at [^\n]+(?:\.[jt]s|<anonymous>)/],
  ['a stack trace', /\bat [\w.<>]+ \((?:\/|node:)[^)]*:\d+:\d+\)/],
  ['a source path', /node_modules|\/src\/[\w/-]+\.ts|\/dist\/[\w/-]+\.js/],
  [
    'database text',
    /syntax error at or near|invalid input syntax|violates (?:foreign key|unique|not-null|check) constraint|out of range for type|invalid byte sequence|duplicate key value|relation "[^"]+"|column "[^"]+"|DriverException|QueryFailedError|MikroORM|PostgreSQL/i,
  ],
];

/** What is wrong with an answer whatever was asked: a 5xx, an INTERNAL error, or internals shown. */
export function answerProblem(answer: { status: number; text: string }): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (/"code":"INTERNAL"/.test(answer.text)) return 'answered an INTERNAL error';
  for (const [what, pattern] of leaks) if (pattern.test(answer.text)) return `showed ${what}`;
  return undefined;
}

export function shorten(value: string, length = 300): string {
  return value.length > length ? `${value.slice(0, length)}… (${value.length} characters)` : value;
}
