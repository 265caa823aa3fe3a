import { Category } from '../../catalog/category.entity';
import { Product } from '../../catalog/product.entity';
import { UserRole } from '../../accounts/user.entity';
import { Order } from '../../orders/order.entity';
import { releaseExpiredReservations } from '../../orders/orders.service';
import { issueWelcomeCode } from '../welcome-code';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { startPaystackServer } from '../../../../test/paystack-server';
import { checkoutForm, sendPaystackEvent, startPayment } from '../../../../test/checkout';
import { NotificationChannel, NotificationJob } from '../../notifications/notification-job.entity';

const secretKey = 'sk_test_manukato_discounts';
let shop: TestShop;
let paystack: Awaited<ReturnType<typeof startPaystackServer>>;
let admin: TestUser;

beforeAll(async () => {
  paystack = await startPaystackServer(secretKey);
  shop = await startTestShop({ env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: paystack.url } });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
});
afterAll(async () => {
  await shop.close();
  await paystack.close();
});

// Sample products: 2 Cedar Ridge (FOR MEN, Ksh 4,200), 6 Jasmine Dusk (FOR WOMEN, Ksh 6,400).
const cedar = 2;
const jasmine = 6;
// Outside Nairobi: a Ksh 550 fee under Ksh 10,000 of goods.
const outsideNairobi = 4;

const codeFields = `id code kind value minSubtotalCents startsAt endsAt maxUses maxUsesPerCustomer firstOrderOnly
  categoryIds productIds active email uses`;
const cartFields = 'id subtotalCents discountCode discountCents discountProblem discountedSubtotalCents';

interface FieldErrors {
  errors: { field: string; code: string; message: string }[];
}
interface CartAnswer extends FieldErrors {
  cart: { subtotalCents: number; discountCode: string | null; discountCents: number; discountProblem: string | null };
}

async function graphql<T>(user: TestUser, query: string, variables?: Record<string, unknown>) {
  const response = await shop.http.post('/graphql').set(user.auth).send({ query, variables });
  return response.body as { data?: T; errors?: { extensions?: { code?: string } }[] };
}

let codeNumber = 0;
async function createCode(input: Record<string, unknown>) {
  codeNumber += 1;
  const { data } = await graphql<{ createDiscountCode: FieldErrors & { discountCode: { id: number; code: string } } }>(
    admin,
    `mutation ($input: DiscountCodeInput!) { createDiscountCode(input: $input) { discountCode { ${codeFields} } errors { field code message } } }`,
    { input: { code: `test-${codeNumber}`, kind: 'percent', value: 10, ...input } },
  );
  expect(data!.createDiscountCode.errors).toEqual([]);
  return data!.createDiscountCode.discountCode;
}

async function setStock(productId: number, quantity: number): Promise<void> {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity });
  await shop.catalogueChanged();
}

async function shopperWithCart(lines: [number, number][], user?: TestUser): Promise<TestUser> {
  const shopper = user ?? (await createSignedInUser(shop));
  for (const [productId, quantity] of lines) {
    await shop.http.post('/api/carts/add').set(shopper.auth).send({ product_id: productId, quantity }).expect(201);
  }
  return shopper;
}

async function apply(user: TestUser, code: string): Promise<CartAnswer> {
  const { data } = await graphql<{ applyDiscountCode: CartAnswer }>(
    user,
    `mutation ($code: String!) { applyDiscountCode(code: $code) { cart { ${cartFields} } errors { field code message } } }`,
    { code },
  );
  return data!.applyDiscountCode;
}

function checkout(user: TestUser) {
  return shop.http
    .post('/api/orders/create')
    .set(user.auth)
    .send({ ...checkoutForm, delivery_location_id: outsideNairobi });
}

async function refusal(user: TestUser, code: string) {
  const answer = await apply(user, code);
  expect(answer.cart).toBeNull();
  return answer.errors[0];
}

beforeEach(async () => {
  await setStock(cedar, 99);
  await setStock(jasmine, 99);
});

describe('applying a code to the cart', () => {
  it('takes a percentage off, shows it in the cart, and the order and the Paystack charge carry it', async () => {
    const { code } = await createCode({ code: 'karibu15', value: 15 });
    expect(code).toBe('KARIBU15');
    const shopper = await shopperWithCart([[cedar, 1]]);
    const applied = await apply(shopper, '  karibu15 ');
    // 15% of Ksh 4,200 = Ksh 630.
    expect(applied.cart).toMatchObject({ subtotalCents: 420_000, discountCode: 'KARIBU15', discountCents: 63_000 });
    const { data } = await graphql<{ cart: CartAnswer['cart'] }>(shopper, `{ cart { ${cartFields} } }`);
    expect(data!.cart).toMatchObject({ discountCode: 'KARIBU15', discountCents: 63_000, discountProblem: null });

    const created = await checkout(shopper).expect(201);
    expect(created.body.data.order).toMatchObject({ discount_code: 'KARIBU15', discount: 630, total_amount: 4120 });
    const order = await shop.orm.em.fork().findOneOrFail(Order, { id: created.body.data.order.id });
    expect(order).toMatchObject({ subtotalCents: 420_000, discountCents: 63_000, shippingFeeCents: 55_000 });
    expect(order.totalCents).toBe(420_000 - 63_000 + 55_000);
    const { reference } = await startPayment(shop, shopper, order.id);
    const charged = paystack.initialized.find((call) => call.body.reference === reference);
    expect(charged?.body.amount).toBe(order.totalCents);
    // Paid: the confirmation e-mail names the discount.
    await sendPaystackEvent(shop, secretKey, {
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents, currency: 'KES' },
    }).expect(200);
    const mail = await shop.orm.em.fork().findOneOrFail(NotificationJob, {
      recipient: checkoutForm.recipient_email,
      channel: NotificationChannel.EMAIL,
      body: { $like: `%${order.id.slice(0, 8)}%` },
    });
    // The same minus sign and amount as the site's summary.
    expect(mail.body).toMatch(/^Discount \(KARIBU15\) +−Ksh 630\.00$/m);
    expect(mail.html).toContain('−Ksh 630.00');
    // The code went with the order: the cart no longer holds it.
    const after = await graphql<{ cart: CartAnswer['cart'] }>(shopper, `{ cart { ${cartFields} } }`);
    expect(after.data!.cart.discountCode).toBeNull();
    const myOrders = await graphql<{ myOrders: { id: string; discountCode: string; discountCents: number }[] }>(
      shopper,
      '{ myOrders { id discountCode discountCents } }',
    );
    expect(myOrders.data!.myOrders[0]).toMatchObject({ discountCode: 'KARIBU15', discountCents: 63_000 });
    const csv = await shop.http.get('/api/admin/export/orders.csv').set(admin.auth).expect(200);
    expect(csv.text.split('\r\n')[0]).toContain('Subtotal (Ksh),Discount code,Discount (Ksh),Shipping (Ksh)');
    expect(csv.text.split('\r\n').find((line) => line.startsWith(order.id))).toContain(
      ',4200.00,KARIBU15,630.00,550.00,',
    );
  });

  it('rounds a percentage half up once, and never takes a fixed amount beyond the eligible lines', async () => {
    // 33% of Ksh 4,200 is 138,600 cents exactly; 33% of a cent-odd sum rounds half up (see the rule test below).
    const third = await createCode({ value: 33 });
    const shopper = await shopperWithCart([[cedar, 1]]);
    expect((await apply(shopper, third.code)).cart!.discountCents).toBe(138_600);
    const men = await shop.orm.em.fork().findOneOrFail(Category, { name: 'FOR MEN' });
    const fixed = await createCode({ kind: 'fixed', value: 1_000_000, categoryIds: [men.id] });
    const mixed = await shopperWithCart([
      [cedar, 1],
      [jasmine, 1],
    ]);
    // Only the FOR MEN line counts, and Ksh 10,000 off is capped at its Ksh 4,200.
    expect((await apply(mixed, fixed.code)).cart).toMatchObject({ subtotalCents: 1_060_000, discountCents: 420_000 });
  });

  it('refuses each broken rule with its own message on the discountCode field', async () => {
    const shopper = await shopperWithCart([[cedar, 1]]);
    expect(await refusal(shopper, 'NO-SUCH-CODE')).toEqual({
      field: 'discountCode',
      code: 'DISCOUNT_UNKNOWN',
      message: 'This discount code does not exist.',
    });
    const expired = await createCode({ endsAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await refusal(shopper, expired.code)).toMatchObject({
      code: 'DISCOUNT_EXPIRED',
      message: 'This discount code has expired.',
    });
    const later = await createCode({ startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await refusal(shopper, later.code)).toMatchObject({
      code: 'DISCOUNT_NOT_YET_VALID',
      message: 'This discount code is not valid yet.',
    });
    const minimum = await createCode({ minSubtotalCents: 500_000 });
    expect(await refusal(shopper, minimum.code)).toMatchObject({
      code: 'DISCOUNT_MINIMUM_NOT_MET',
      message: 'Spend at least Ksh 5,000.00 to use this code.',
    });
    const womenOnly = await createCode({ productIds: [jasmine] });
    expect(await refusal(shopper, womenOnly.code)).toMatchObject({
      code: 'DISCOUNT_NOT_APPLICABLE',
      message: 'This discount code does not apply to the items in your cart.',
    });
    const someoneElses = await createCode({ email: 'Someone@Example.co.ke' });
    expect(await refusal(shopper, someoneElses.code)).toMatchObject({
      code: 'DISCOUNT_OTHER_ACCOUNT',
      message: 'This discount code belongs to another account.',
    });
    const inactive = await createCode({ active: false });
    expect(await refusal(shopper, inactive.code)).toMatchObject({ code: 'DISCOUNT_UNKNOWN' });
  });

  it('refuses a used-up code, a second use by one shopper and a first-order code after an order', async () => {
    const once = await createCode({ maxUses: 1 });
    const perCustomer = await createCode({ maxUsesPerCustomer: 1 });
    const first = await createCode({ firstOrderOnly: true });
    const shopper = await shopperWithCart([[cedar, 1]]);
    expect((await apply(shopper, once.code)).errors).toEqual([]);
    await checkout(shopper).expect(201);
    await shopperWithCart([[cedar, 1]], shopper);
    expect(await refusal(shopper, once.code)).toMatchObject({
      code: 'DISCOUNT_USED_UP',
      message: 'This discount code has been used up.',
    });
    expect(await refusal(shopper, first.code)).toMatchObject({
      code: 'DISCOUNT_FIRST_ORDER_ONLY',
      message: 'This discount code is for a first order only.',
    });
    expect((await apply(shopper, perCustomer.code)).errors).toEqual([]);
    await checkout(shopper).expect(201);
    await shopperWithCart([[cedar, 1]], shopper);
    expect(await refusal(shopper, perCustomer.code)).toMatchObject({
      code: 'DISCOUNT_ALREADY_USED',
      message: 'You have already used this discount code.',
    });
    // An unpaid order whose hold runs out is cancelled and gives its use back.
    await releaseExpiredReservations(shop.orm.em.fork(), new Date(Date.now() + 31 * 60_000));
    expect((await apply(shopper, once.code)).errors).toEqual([]);
  });

  it('re-judges the applied code when the cart changes, and the order is refused while it no longer applies', async () => {
    const minimum = await createCode({ minSubtotalCents: 800_000 });
    const shopper = await shopperWithCart([[cedar, 2]]);
    expect((await apply(shopper, minimum.code)).cart!.discountCents).toBe(84_000);
    const { data } = await graphql<{ cart: { items: { id: number }[] } }>(shopper, '{ cart { id items { id } } }');
    await shop.http
      .put(`/api/carts/update/${data!.cart.items[0]!.id}`)
      .set(shopper.auth)
      .send({ quantity: 1 })
      .expect(200);
    const cart = await graphql<{ cart: CartAnswer['cart'] }>(shopper, `{ cart { ${cartFields} } }`);
    expect(cart.data!.cart).toMatchObject({
      discountCode: minimum.code,
      discountCents: 0,
      discountProblem: 'Spend at least Ksh 8,000.00 to use this code.',
    });
    const refused = await checkout(shopper).expect(400);
    expect(refused.body.message).toBe('Spend at least Ksh 8,000.00 to use this code.');
    const removed = await graphql<{ removeDiscountCode: CartAnswer }>(
      shopper,
      `mutation { removeDiscountCode { cart { ${cartFields} } errors { field code message } } }`,
    );
    expect(removed.data!.removeDiscountCode.cart).toMatchObject({ discountCode: null, discountCents: 0 });
    await checkout(shopper).expect(201);
  });

  it('judges free delivery on the subtotal after the discount', async () => {
    const tenPercent = await createCode({ value: 10 });
    // Ksh 4,200 × 3 = 12,600 less 10% = 11,340: still free. × 1 + Jasmine 6,400 = 10,600 less 10% = 9,540: fee.
    const free = await shopperWithCart([[cedar, 3]]);
    await apply(free, tenPercent.code);
    const freeOrder = (await checkout(free).expect(201)).body.data.order;
    expect(freeOrder).toMatchObject({ shipping_fee: 0, discount: 1260, total_amount: 11_340 });
    const paying = await shopperWithCart([
      [cedar, 1],
      [jasmine, 1],
    ]);
    const cart = (await apply(paying, tenPercent.code)).cart!;
    expect(cart).toMatchObject({ subtotalCents: 1_060_000, discountCents: 106_000 });
    const order = (await checkout(paying).expect(201)).body.data.order;
    expect(order).toMatchObject({ shipping_fee: 550, discount: 1060, total_amount: 10_600 - 1060 + 550 });
  });

  it('delivers free at exactly Ksh 10,000 after the discount, and charges the fee a cent under', async () => {
    // Ksh 4,200 × 3 = 12,600 less a fixed Ksh 2,600 = 10,000.00 exactly; less Ksh 2,600.01 = 9,999.99.
    const toTheThreshold = await createCode({ kind: 'fixed', value: 260_000 });
    const free = await shopperWithCart([[cedar, 3]]);
    await apply(free, toTheThreshold.code);
    // The cart's quote for the chosen location is the order's own figures (decision 0076).
    const { data: quoted } = await graphql<{
      cart: { freeDelivery: boolean; freeDeliveryShortfallCents: number; deliveryQuotes: Record<string, number>[] };
    }>(
      free,
      '{ cart { freeDelivery freeDeliveryShortfallCents deliveryQuotes { deliveryLocationId shippingFeeCents totalCents } } }',
    );
    expect(quoted!.cart).toMatchObject({ freeDelivery: true, freeDeliveryShortfallCents: 0 });
    expect(quoted!.cart.deliveryQuotes).toContainEqual({
      deliveryLocationId: outsideNairobi,
      shippingFeeCents: 0,
      totalCents: 1_000_000,
    });
    const freeOrder = (await checkout(free).expect(201)).body.data.order;
    expect(freeOrder).toMatchObject({ shipping_fee: 0, discount: 2600, total_amount: 10_000 });

    const aCentUnder = await createCode({ kind: 'fixed', value: 260_001 });
    const paying = await shopperWithCart([[cedar, 3]]);
    await apply(paying, aCentUnder.code);
    const { data: under } = await graphql<{
      cart: { freeDelivery: boolean; freeDeliveryShortfallCents: number; deliveryQuotes: Record<string, number>[] };
    }>(
      paying,
      '{ cart { freeDelivery freeDeliveryShortfallCents deliveryQuotes { deliveryLocationId shippingFeeCents totalCents } } }',
    );
    expect(under!.cart).toMatchObject({ freeDelivery: false, freeDeliveryShortfallCents: 1 });
    expect(under!.cart.deliveryQuotes).toContainEqual({
      deliveryLocationId: outsideNairobi,
      shippingFeeCents: 55_000,
      totalCents: 999_999 + 55_000,
    });
    const order = (await checkout(paying).expect(201)).body.data.order;
    expect(order).toMatchObject({ shipping_fee: 550, discount: 2600.01, total_amount: 10_549.99 });
  });
});

describe('use limits under concurrency', () => {
  it('gives a 5-use code to exactly 5 of 20 parallel checkouts; the others are refused as used up', async () => {
    // Each shopper buys a different product where the 19 samples allow: one shared product's lock would
    // queue the checkouts by itself and hide a missing lock on the code.
    await shop.orm.em.fork().nativeUpdate(Product, {}, { quantity: 99 });
    await shop.catalogueChanged();
    const five = await createCode({ maxUses: 5 });
    const shoppers: TestUser[] = [];
    for (let index = 0; index < 20; index += 1) {
      const shopper = await shopperWithCart([[(index % 19) + 1, 1]]);
      expect((await apply(shopper, five.code)).errors).toEqual([]);
      shoppers.push(shopper);
    }
    const results = await Promise.all(shoppers.map((shopper) => checkout(shopper)));
    const placed = results.filter((response) => response.status === 201);
    const refused = results.filter((response) => response.status !== 201);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('This discount code has been used up.');
    }
    const em = shop.orm.em.fork();
    expect(await em.count(Order, { discountCode: five.code })).toBe(5);
    // A refused shopper keeps the cart and the code (nothing is lost) and can remove the code and check out.
    const refusedUser = shoppers[results.indexOf(refused[0]!)]!;
    const cart = await graphql<{ cart: CartAnswer['cart'] }>(refusedUser, `{ cart { ${cartFields} } }`);
    expect(cart.data!.cart.subtotalCents).toBeGreaterThan(0);
    expect(cart.data!.cart.discountCode).toBe(five.code);
    const list = await graphql<{ adminDiscountCodes: { codes: { code: string; uses: number }[] } }>(
      admin,
      `
        {
          adminDiscountCodes(limit: 100) {
            totalCount
            codes {
              id
              code
              uses
            }
          }
        }
      `,
    );
    expect(list.data!.adminDiscountCodes.codes.find((code) => code.code === five.code)?.uses).toBe(5);
  });
});

describe('the welcome code', () => {
  it('is a 10% single-use first-order code for that e-mail address only', async () => {
    const owner = await createSignedInUser(shop);
    const code = await shop.orm.em.fork().transactional((em) => issueWelcomeCode(em, owner.email.toUpperCase()));
    expect(code).toMatch(/^WELCOME-[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    const stranger = await shopperWithCart([[cedar, 1]]);
    expect(await refusal(stranger, code)).toMatchObject({ code: 'DISCOUNT_OTHER_ACCOUNT' });
    await shopperWithCart([[cedar, 1]], owner);
    expect((await apply(owner, code.toLowerCase())).cart!.discountCents).toBe(42_000);
    await checkout(owner).expect(201);
    await shopperWithCart([[cedar, 1]], owner);
    expect(await refusal(owner, code)).toMatchObject({ code: 'DISCOUNT_USED_UP' });
  });
});

describe('admin', () => {
  it('refuses shoppers, validates the form, edits, lists with uses and deactivates', async () => {
    const shopper = await createSignedInUser(shop);
    const denied = await graphql(shopper, '{ adminDiscountCodes { totalCount } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const deniedCreate = await graphql(
      shopper,
      'mutation { createDiscountCode(input: { code: "FREE", kind: "fixed", value: 100 }) { errors { code } } }',
    );
    expect(deniedCreate.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const invalid = await graphql<{ createDiscountCode: FieldErrors }>(
      admin,
      `
        mutation {
          createDiscountCode(
            input: {
              code: "x"
              kind: "percent"
              value: 150
              categoryIds: [99999]
              startsAt: "2030-01-02T00:00:00Z"
              endsAt: "2030-01-01T00:00:00Z"
            }
          ) {
            errors {
              field
              code
            }
          }
        }
      `,
    );
    expect(invalid.data!.createDiscountCode.errors).toEqual(
      expect.arrayContaining([
        { field: 'code', code: 'INVALID_CODE' },
        { field: 'value', code: 'OUT_OF_RANGE' },
        { field: 'endsAt', code: 'OUT_OF_RANGE' },
        { field: 'categoryIds', code: 'UNKNOWN_CATEGORY' },
      ]),
    );
    const created = await createCode({ code: 'SIKUKUU' });
    const duplicate = await graphql<{ createDiscountCode: FieldErrors }>(
      admin,
      'mutation { createDiscountCode(input: { code: "sikukuu", kind: "fixed", value: 100 }) { errors { field code } } }',
    );
    expect(duplicate.data!.createDiscountCode.errors).toEqual([{ field: 'code', code: 'CODE_TAKEN' }]);

    const edited = await graphql<{
      updateDiscountCode: FieldErrors & { discountCode: { kind: string; value: number } };
    }>(
      admin,
      `
        mutation ($id: Int!) {
          updateDiscountCode(id: $id, input: { code: "SIKUKUU", kind: "fixed", value: 50000 }) {
            discountCode {
              id
              kind
              value
            }
            errors {
              field
              code
            }
          }
        }
      `,
      { id: created.id },
    );
    expect(edited.data!.updateDiscountCode.discountCode).toMatchObject({ kind: 'fixed', value: 50_000 });

    const statementsOf = async (limit: number) =>
      (
        await shop.statements.measure(() =>
          shop.http
            .post('/graphql')
            .set(admin.auth)
            .send({ query: `{ adminDiscountCodes(limit: ${limit}) { totalCount codes { ${codeFields} } } }` }),
        )
      ).statements;
    expect(await statementsOf(100)).toBe(await statementsOf(1));

    const deactivated = await graphql<{ deactivateDiscountCode: { discountCode: { active: boolean } } }>(
      admin,
      'mutation ($id: Int!) { deactivateDiscountCode(id: $id) { discountCode { id active } errors { field code } } }',
      { id: created.id },
    );
    expect(deactivated.data!.deactivateDiscountCode.discountCode.active).toBe(false);
    const buyer = await shopperWithCart([[cedar, 1]]);
    expect(await refusal(buyer, 'SIKUKUU')).toMatchObject({ code: 'DISCOUNT_UNKNOWN' });
  });

  it('costs the cart query the same statements with and without a code', async () => {
    const code = await createCode({});
    const shopper = await shopperWithCart([[cedar, 1]]);
    const cartStatements = async () =>
      (
        await shop.statements.measure(() =>
          shop.http
            .post('/graphql')
            .set(shopper.auth)
            .send({ query: `{ cart { ${cartFields} } }` }),
        )
      ).statements;
    const without = await cartStatements();
    await apply(shopper, code.code);
    expect(await cartStatements()).toBe(without);
  });
});

describe('schema', () => {
  it('the hand-written migration matches the entities', async () => {
    const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
    // Check constraints live in the migration only (as elsewhere in the schema); nothing else may differ.
    const changes = diff
      .split('\n')
      .filter((line) => line.includes('discount') && !/drop constraint \w+_check;$/.test(line));
    expect(changes).toEqual([]);
  });
});
