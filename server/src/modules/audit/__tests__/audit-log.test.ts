import assert from 'node:assert/strict';
import { getMetadataStorage } from 'type-graphql';
import { buildAppSchema } from '../../../graphql/schema';
import { Permission } from '../../accounts/guards';
import { UserRole } from '../../accounts/user.entity';
import type { RequestContext } from '../../../core/request-context';
import { recordAudit } from '../audit-log';
import { smallPng, uploadGraphQL } from '../../catalog/__tests__/admin-helpers';
import { appRoutes } from '../../../../test/app-surface';
import { payOnStandIn, placeOrderFor, setStock } from '../../../../test/checkout';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import type { AuditEntryRow } from '../audit.service';

/**
 * The audit log (decision 0103): every admin write, GraphQL and REST, leaves exactly one entry with who, their role,
 * what, before and after and the request id, in the write's own transaction. The lists of admin writes are read
 * from the resolvers' guards and from the app's routes, so a new admin write without a case here fails the test.
 */
let shop: TestShop;
let owner: TestUser;
let manager: TestUser;
let staff: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await createSignedInUser(shop, UserRole.ADMIN);
  manager = await createSignedInUser(shop, UserRole.MANAGER);
  staff = await createSignedInUser(shop, UserRole.STAFF);
  shopper = await createSignedInUser(shop);
});
afterAll(() => shop.close());

interface Answer {
  data?: Record<string, { errors?: { field: string; code: string; message: string }[] } & Record<string, unknown>>;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function graphql(who: TestUser, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  return (await shop.http.post('/graphql').set(who.auth).send({ query, variables })).body as Answer;
}

/** The mutation's own answer, failing the test when it refused anything. */
function succeeded(answer: Answer, field: string): Record<string, unknown> {
  expect(answer.errors).toBeUndefined();
  const payload = answer.data?.[field];
  assert.ok(payload, `${field} answered`);
  expect(payload.errors ?? []).toEqual([]);
  return payload;
}

type EntryRow = Omit<AuditEntryRow, 'created_at'>;

async function lastEntryId(): Promise<string> {
  const [row] = await shop.orm.em.fork().execute<{ id: string | null }[]>('select max(id)::text as id from audit_log');
  return row?.id ?? '0';
}

async function entriesAfter(id: string): Promise<EntryRow[]> {
  return shop.orm.em.fork().execute<EntryRow[]>(
    `select id::text as id, actor_id, actor_name, actor_role, action, target_type, target_id, before, after, request_id
         from audit_log where id > ?::bigint order by audit_log.id`,
    [id],
  );
}

async function orderFor(form: Record<string, unknown> = {}): Promise<string> {
  await setStock(shop, [3], 100);
  return (await placeOrderFor(shop, shopper, [[3, 1]], { payment_method: 'mpesa', ...form })).id;
}

async function paidOrder(): Promise<string> {
  await setStock(shop, [3], 100);
  const orderId = (await placeOrderFor(shop, shopper, [[3, 1]], { payment_method: 'card' })).id;
  await payOnStandIn(shop, shopper, orderId);
  return orderId;
}

async function firstId(sql: string, parameters: unknown[] = []): Promise<number> {
  const [row] = await shop.orm.em.fork().execute<{ id: number }[]>(sql, parameters);
  assert.ok(row, sql);
  return row.id;
}

async function newReviewId(): Promise<number> {
  const review = await shop.http
    .post('/api/reviews/add')
    .send({ name: 'Wanjiru', rating: 4, title: 'Good', fullReview: 'Lasts well.' })
    .expect(201);
  return review.body.data.id;
}

const productInput = (name: string) => ({
  name,
  description: 'Oud and rose.',
  categoryIds: [1],
  priceCents: 350_000,
  quantity: 4,
  onSale: false,
});

async function createdProductId(who: TestUser, name: string): Promise<number> {
  const answer = await uploadGraphQL<{ createProduct: { product: { id: number } | null; errors: unknown[] } }>(
    shop,
    who.auth,
    `mutation ($input: ProductInput!, $images: [Upload!]!) {
      createProduct(input: $input, images: $images) { product { id } errors { field code message } }
    }`,
    { input: productInput(name), images: [null] },
    [{ variable: 'images.0', name: 'photo.png', data: await smallPng(3) }],
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data?.createProduct.errors).toEqual([]);
  return answer.data!.createProduct.product!.id;
}

async function restProduct(name: string): Promise<number> {
  let request = shop.http.post('/api/products/add').set(manager.auth);
  for (const [key, value] of Object.entries({
    name,
    category: 'FOR MEN',
    price: '1200',
    salePrice: '0',
    quantity: '3',
    description: 'Vetiver.',
    inStock: '1',
    onSale: '0',
  }))
    request = request.field(key, value);
  const response = await request.attach('images[0]', await smallPng(5), 'photo.png').expect(201);
  return response.body.data.id;
}

interface WriteCase {
  /** Who calls it: the lowest role allowed, so the entry's role snapshot is checked too. */
  who: () => TestUser;
  /** The action the entry must name. */
  action: string;
  run: () => Promise<unknown>;
}

const orderStatusMutation = `mutation ($id: ID!, $status: String!) { updateOrderStatus(id: $id, status: $status) { errors { field code message } } }`;

/** A successful call of every admin mutation. */
const mutationCases: Record<string, WriteCase> = {
  createProduct: { who: () => manager, action: 'createProduct', run: () => createdProductId(manager, 'Audit Oud') },
  updateProduct: {
    who: () => manager,
    action: 'updateProduct',
    run: async () => {
      const id = await firstId(`select id from products where name = 'Audit Oud'`);
      const answer = await graphql(
        manager,
        `
          mutation ($id: Int!, $input: ProductInput!) {
            updateProduct(id: $id, input: $input) {
              errors {
                field
                code
                message
              }
            }
          }
        `,
        { id, input: productInput('Audit Oud Noir') },
      );
      succeeded(answer, 'updateProduct');
    },
  },
  updateProductQuantity: {
    who: () => staff,
    action: 'updateProductQuantity',
    run: async () =>
      succeeded(
        await graphql(
          staff,
          'mutation { updateProductQuantity(id: 2, quantity: 30) { errors { field code message } } }',
        ),
        'updateProductQuantity',
      ),
  },
  updateVariantQuantity: {
    who: () => staff,
    action: 'updateVariantQuantity',
    run: async () => {
      const variantId = await firstId(
        'select id from product_variants where product_id = 4 and archived_at is null order by id limit 1',
      );
      succeeded(
        await graphql(
          staff,
          'mutation ($variantId: Int!) { updateVariantQuantity(variantId: $variantId, quantity: 25) { errors { field code message } } }',
          { variantId },
        ),
        'updateVariantQuantity',
      );
    },
  },
  deleteProduct: {
    who: () => manager,
    action: 'deleteProduct',
    run: async () => {
      const id = await createdProductId(manager, 'Audit Gone');
      succeeded(
        await graphql(manager, 'mutation ($id: Int!) { deleteProduct(id: $id) { errors { field code message } } }', {
          id,
        }),
        'deleteProduct',
      );
    },
  },
  createCategory: {
    who: () => manager,
    action: 'createCategory',
    run: async () =>
      succeeded(
        await graphql(manager, 'mutation { createCategory(name: "Audit Musk") { errors { field code message } } }'),
        'createCategory',
      ),
  },
  deleteCategory: {
    who: () => manager,
    action: 'deleteCategory',
    run: async () => {
      const id = await firstId(`select id from categories where name = 'AUDIT MUSK'`);
      succeeded(
        await graphql(manager, 'mutation ($id: Int!) { deleteCategory(id: $id) { errors { field code message } } }', {
          id,
        }),
        'deleteCategory',
      );
    },
  },
  hideReview: {
    who: () => staff,
    action: 'hideReview',
    run: async () =>
      succeeded(
        await graphql(
          staff,
          'mutation ($id: Int!) { hideReview(id: $id, hidden: true) { errors { field code message } } }',
          {
            id: await newReviewId(),
          },
        ),
        'hideReview',
      ),
  },
  deleteReview: {
    who: () => staff,
    action: 'deleteReview',
    run: async () =>
      succeeded(
        await graphql(staff, 'mutation ($id: Int!) { deleteReview(id: $id) { errors { field code message } } }', {
          id: await newReviewId(),
        }),
        'deleteReview',
      ),
  },
  updateOrderStatus: {
    who: () => staff,
    action: 'updateOrderStatus',
    run: async () =>
      succeeded(
        await graphql(staff, orderStatusMutation, { id: await orderFor(), status: 'cancelled' }),
        'updateOrderStatus',
      ),
  },
  requestDeliveryPayment: {
    who: () => staff,
    action: 'requestDeliveryPayment',
    run: async () =>
      succeeded(
        await graphql(
          staff,
          'mutation ($orderId: ID!) { requestDeliveryPayment(orderId: $orderId) { errors { field code message } } }',
          {
            orderId: await orderFor({ payment_method: 'on_delivery' }),
          },
        ),
        'requestDeliveryPayment',
      ),
  },
  recordCashPayment: {
    who: () => staff,
    action: 'recordCashPayment',
    run: async () =>
      succeeded(
        await graphql(
          staff,
          'mutation ($orderId: ID!) { recordCashPayment(orderId: $orderId) { errors { field code message } } }',
          {
            orderId: await orderFor({ payment_method: 'on_delivery' }),
          },
        ),
        'recordCashPayment',
      ),
  },
  setPayOnDelivery: {
    who: () => owner,
    action: 'setPayOnDelivery',
    run: async () =>
      succeeded(
        await graphql(
          owner,
          'mutation { setPayOnDelivery(id: 1, input: { payOnDelivery: true, maxCents: 2500000 }) { errors { field code message } } }',
        ),
        'setPayOnDelivery',
      ),
  },
  refundOrder: {
    who: () => manager,
    action: 'refundOrder',
    run: async () =>
      succeeded(
        await graphql(
          manager,
          'mutation ($orderId: ID!) { refundOrder(orderId: $orderId, reason: "Broken bottle", amountCents: 100) { errors { field code message } } }',
          { orderId: await paidOrder() },
        ),
        'refundOrder',
      ),
  },
  createDiscountCode: {
    who: () => manager,
    action: 'createDiscountCode',
    run: async () =>
      succeeded(
        await graphql(
          manager,
          'mutation { createDiscountCode(input: { code: "AUDIT10", kind: "percent", value: 10 }) { errors { field code message } } }',
        ),
        'createDiscountCode',
      ),
  },
  updateDiscountCode: {
    who: () => manager,
    action: 'updateDiscountCode',
    run: async () =>
      succeeded(
        await graphql(
          manager,
          'mutation ($id: Int!) { updateDiscountCode(id: $id, input: { code: "AUDIT15", kind: "percent", value: 15 }) { errors { field code message } } }',
          {
            id: await firstId(`select id from discount_codes where code = 'AUDIT10'`),
          },
        ),
        'updateDiscountCode',
      ),
  },
  deactivateDiscountCode: {
    who: () => manager,
    action: 'deactivateDiscountCode',
    run: async () =>
      succeeded(
        await graphql(
          manager,
          'mutation ($id: Int!) { deactivateDiscountCode(id: $id) { errors { field code message } } }',
          {
            id: await firstId(`select id from discount_codes where code = 'AUDIT15'`),
          },
        ),
        'deactivateDiscountCode',
      ),
  },
  markNotificationsRead: {
    who: () => staff,
    action: 'markNotificationsRead',
    run: async () => {
      await orderFor();
      const answer = await graphql(staff, 'mutation { markNotificationsRead { unreadCount } }');
      expect(answer.errors).toBeUndefined();
    },
  },
  importProducts: {
    who: () => manager,
    action: 'importProducts',
    run: async () => {
      const csv = (await shop.http.get('/api/admin/export/products.csv').set(manager.auth).expect(200)).text;
      const answer = await uploadGraphQL<{ importProducts: { imported: boolean; errors: unknown[] } }>(
        shop,
        manager.auth,
        'mutation ($file: Upload!) { importProducts(file: $file, dryRun: false) { imported errors { field code message } } }',
        { file: null },
        [{ variable: 'file', name: 'products.csv', data: Buffer.from(csv), contentType: 'text/csv' }],
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.importProducts).toMatchObject({ imported: true, errors: [] });
    },
  },
  inviteStaff: {
    who: () => owner,
    action: 'inviteStaff',
    run: async () =>
      succeeded(
        await graphql(
          owner,
          'mutation { inviteStaff(email: "packer@example.co.ke", role: STAFF) { errors { field code message } } }',
        ),
        'inviteStaff',
      ),
  },
  changeStaffRole: {
    who: () => owner,
    action: 'changeStaffRole',
    run: async () => {
      const member = await createSignedInUser(shop, UserRole.STAFF);
      succeeded(
        await graphql(
          owner,
          'mutation ($userId: ID!) { changeStaffRole(userId: $userId, role: MANAGER) { errors { field code message } } }',
          {
            userId: member.id,
          },
        ),
        'changeStaffRole',
      );
    },
  },
  removeStaff: {
    who: () => owner,
    action: 'removeStaff',
    run: async () => {
      const member = await createSignedInUser(shop, UserRole.STAFF);
      succeeded(
        await graphql(
          owner,
          'mutation ($userId: ID!) { removeStaff(userId: $userId) { errors { field code message } } }',
          {
            userId: member.id,
          },
        ),
        'removeStaff',
      );
    },
  },
  cancelStaffInvitation: {
    who: () => owner,
    action: 'cancelStaffInvitation',
    run: async () => {
      const [row] = await shop.orm.em
        .fork()
        .execute<{ id: string }[]>(
          `select id from staff_invitations where email = 'packer@example.co.ke' and cancelled_at is null`,
        );
      assert.ok(row);
      succeeded(
        await graphql(
          owner,
          'mutation ($id: ID!) { cancelStaffInvitation(id: $id) { errors { field code message } } }',
          { id: row.id },
        ),
        'cancelStaffInvitation',
      );
    },
  },
  markOrderPacked: {
    who: () => staff,
    action: 'markOrderPacked',
    run: async () =>
      succeeded(
        await graphql(
          staff,
          'mutation ($orderId: ID!) { markOrderPacked(orderId: $orderId) { errors { field code message } } }',
          {
            orderId: await paidOrder(),
          },
        ),
        'markOrderPacked',
      ),
  },
  markOutForDelivery: {
    who: () => staff,
    action: 'markOutForDelivery',
    run: async () => {
      const orderId = await paidOrder();
      await graphql(staff, 'mutation ($orderId: ID!) { markOrderPacked(orderId: $orderId) { errors { code } } }', {
        orderId,
      });
      succeeded(
        await graphql(
          staff,
          'mutation ($orderId: ID!) { markOutForDelivery(orderId: $orderId, input: { riderName: "Otieno", riderPhone: "0722 000 111" }) { errors { field code message } } }',
          { orderId },
        ),
        'markOutForDelivery',
      );
    },
  },
  recordFailedDelivery: {
    who: () => staff,
    action: 'recordFailedDelivery',
    run: async () => {
      const orderId = await paidOrder();
      await graphql(staff, 'mutation ($orderId: ID!) { markOrderPacked(orderId: $orderId) { errors { code } } }', {
        orderId,
      });
      await graphql(
        staff,
        'mutation ($orderId: ID!) { markOutForDelivery(orderId: $orderId, input: { riderName: "Otieno", riderPhone: "0722 000 111" }) { errors { code } } }',
        { orderId },
      );
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      succeeded(
        await graphql(
          staff,
          'mutation ($orderId: ID!, $on: String!) { recordFailedDelivery(orderId: $orderId, input: { reason: "Nobody home", nextAttemptOn: $on }) { errors { field code message } } }',
          { orderId, on: tomorrow },
        ),
        'recordFailedDelivery',
      );
    },
  },
  markOrderDelivered: {
    who: () => staff,
    action: 'markOrderDelivered',
    run: async () => {
      const orderId = await paidOrder();
      await graphql(staff, 'mutation ($orderId: ID!) { markOrderPacked(orderId: $orderId) { errors { code } } }', {
        orderId,
      });
      await graphql(
        staff,
        'mutation ($orderId: ID!) { markOutForDelivery(orderId: $orderId, input: { riderName: "Otieno", riderPhone: "0722 000 111" }) { errors { code } } }',
        { orderId },
      );
      succeeded(
        await graphql(
          staff,
          'mutation ($orderId: ID!) { markOrderDelivered(orderId: $orderId) { errors { field code message } } }',
          { orderId },
        ),
        'markOrderDelivered',
      );
    },
  },
};

/** A successful call of every admin REST write, by its route as declared. */
const routeCases: Record<string, WriteCase> = {
  'POST /products/add': { who: () => manager, action: 'createProduct', run: () => restProduct('Audit Cedar') },
  'POST /products/update/:id': {
    who: () => manager,
    action: 'updateProduct',
    run: async () => {
      const id = await firstId(`select id from products where name = 'Audit Cedar'`);
      let request = shop.http.post(`/api/products/update/${id}`).set(manager.auth);
      for (const [key, value] of Object.entries({
        _method: 'PUT',
        name: 'Audit Cedar Two',
        category: 'FOR MEN',
        price: '1300',
        salePrice: '0',
        quantity: '3',
        description: 'Vetiver.',
        inStock: '1',
        onSale: '0',
      }))
        request = request.field(key, value);
      await request.attach('images[0]', await smallPng(6), 'photo.png').expect(200);
    },
  },
  'PUT /products/update/:id': {
    who: () => staff,
    action: 'updateProductQuantity',
    run: () => shop.http.put('/api/products/update/2').set(staff.auth).send({ quantity: 9 }).expect(200),
  },
  'DELETE /products/delete/:id': {
    who: () => manager,
    action: 'deleteProduct',
    run: async () => {
      const id = await restProduct('Audit Vetiver');
      await shop.http.delete(`/api/products/delete/${id}`).set(manager.auth).expect(200);
    },
  },
  'POST /categories/add': {
    who: () => manager,
    action: 'createCategory',
    run: () => shop.http.post('/api/categories/add').set(manager.auth).send({ name: 'Audit Amber' }).expect(201),
  },
  'DELETE /categories/delete/:idOrName': {
    who: () => manager,
    action: 'deleteCategory',
    run: () => shop.http.delete('/api/categories/delete/AUDIT%20AMBER').set(manager.auth).expect(200),
  },
  'DELETE /reviews/delete/:id': {
    who: () => staff,
    action: 'deleteReview',
    run: async () =>
      shop.http
        .delete(`/api/reviews/delete/${await newReviewId()}`)
        .set(staff.auth)
        .expect(200),
  },
  'PUT /orders/update/:id': {
    who: () => staff,
    action: 'updateOrderStatus',
    run: async () =>
      shop.http
        .put(`/api/orders/update/${await orderFor()}`)
        .set(staff.auth)
        .send({ status: 'cancelled' })
        .expect(200),
  },
};

/** Every mutation guarded by a Permission or the owner's role: read from the resolvers, not from a list of ours. */
function adminMutations(): string[] {
  const storage = getMetadataStorage();
  const adminValues = new Set<unknown>([UserRole.ADMIN, ...Object.values(Permission)]);
  return storage.mutations
    .filter((mutation) =>
      storage.authorizedFields.some(
        (guard) =>
          guard.target === mutation.target &&
          guard.fieldName === mutation.methodName &&
          guard.roles.some((role) => adminValues.has(role)),
      ),
    )
    .map((mutation) => mutation.schemaName)
    .sort();
}

/** Every REST write (not a GET) that a shopper is refused as not admin: probed, so a new one cannot hide. */
async function adminRestWrites(): Promise<string[]> {
  // Its own account: the probe calls every write, sign-out included.
  const prober = await createSignedInUser(shop);
  const found: string[] = [];
  for (const route of await appRoutes(shop)) {
    if (route.method === 'GET') continue;
    const path = (route.paths.find((candidate) => candidate.startsWith('/api/')) ?? route.paths[0]!).replace(
      /:(\w+)/g,
      '1',
    );
    const response = await shop.http[route.method.toLowerCase() as 'post' | 'put' | 'delete'](path)
      .set(prober.auth)
      .send({});
    if (response.status === 403 && response.body?.message === 'Admin access required') found.push(route.key);
  }
  return found.sort();
}

describe('the audit log', () => {
  it('has a case here for every admin mutation and every admin REST write', async () => {
    await buildAppSchema();
    const mutations = adminMutations();
    expect(mutations.length).toBeGreaterThan(20);
    expect(mutations.filter((name) => !(name in mutationCases))).toEqual([]);
    const routes = await adminRestWrites();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => !(route in routeCases))).toEqual([]);
  });

  it.each([
    ...Object.entries(mutationCases).map(([name, write]) => [`mutation ${name}`, write] as const),
    ...Object.entries(routeCases).map(([route, write]) => [route, write] as const),
  ])('%s leaves exactly its entry: who, their role, the target, no secret', async (_name, write) => {
    const before = await lastEntryId();
    await write.run();
    const entries = (await entriesAfter(before)).filter((entry) => entry.action === write.action);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    const who = write.who();
    expect(entry).toMatchObject({ actor_id: who.id, actor_name: 'Test Shopper', target_type: expect.any(String) });
    const roleOf = who === owner ? 'ADMIN' : who === manager ? 'MANAGER' : 'STAFF';
    expect(entry!.actor_role).toBe(roleOf);
    expect(entry!.request_id).toMatch(/\S/);
    expect(entry!.before !== null || entry!.after !== null).toBe(true);
    expect(JSON.stringify([entry!.before, entry!.after])).not.toMatch(/password|token|secret/i);
  });

  it('keeps no entry of a write that rolled back, and one of a write that committed (same transaction)', async () => {
    const before = await lastEntryId();
    const viewer = {
      id: staff.id,
      first: 'Test',
      last: 'Shopper',
      email: staff.email,
      phone: null,
      role: UserRole.STAFF,
    };
    const ctx = { viewer, requestId: 'audit-rollback-test' } as unknown as RequestContext;
    await expect(
      shop.orm.em.fork().transactional(async (em) => {
        recordAudit(ctx, em, { action: 'rolledBack', targetType: 'order', targetId: null, after: { status: 'x' } });
        await em.flush();
        throw new Error('the write failed after its entry');
      }),
    ).rejects.toThrow('the write failed after its entry');
    expect(await entriesAfter(before)).toEqual([]);
    await shop.orm.em.fork().transactional(async (em) => {
      recordAudit(ctx, em, {
        action: 'committed',
        targetType: 'order',
        targetId: null,
        after: { password: 'hunter2', status: 'y' },
      });
    });
    const entries = await entriesAfter(before);
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([['committed', { status: 'y' }]]);
  });
});

describe('the audit log page', () => {
  const auditQuery = `query ($actorId: ID, $action: String, $targetType: String, $targetId: String, $after: String, $limit: Int) {
    auditLog(actorId: $actorId, action: $action, targetType: $targetType, targetId: $targetId, after: $after, limit: $limit) {
      entries { id at actorId actorName actorRole action targetType targetId before after requestId }
      nextCursor
    }
  }`;
  type Page = {
    entries: { id: string; at: string; action: string; actorId: string; after: string | null }[];
    nextCursor: string | null;
  };

  async function auditPage(who: TestUser, variables: Record<string, unknown>) {
    const answer = (await shop.http.post('/graphql').set(who.auth).send({ query: auditQuery, variables })).body as {
      data?: { auditLog: Page };
      errors?: { extensions?: { code?: string } }[];
    };
    return answer;
  }

  it('pages newest first by cursor, every entry once, in one statement a page', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const { result, statements } = await shop.statements.measure(() => auditPage(owner, { after, limit: 7 }));
      expect(result.errors).toBeUndefined();
      // The session's viewer, then the page.
      expect(statements).toBe(2);
      const page = result.data!.auditLog;
      seen.push(...page.entries.map((entry) => entry.id));
      after = page.nextCursor;
      pages += 1;
    } while (after && pages < 100);
    const [row] = await shop.orm.em.fork().execute<{ count: number }[]>('select count(*)::int as count from audit_log');
    expect(seen).toHaveLength(row!.count);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].map(Number)).toEqual([...seen].map(Number).sort((a, b) => b - a));
  });

  it('filters by member, action and target', async () => {
    const byStaff = await auditPage(owner, { actorId: staff.id, limit: 100 });
    expect(byStaff.data!.auditLog.entries.length).toBeGreaterThan(3);
    expect(byStaff.data!.auditLog.entries.every((entry) => entry.actorId === staff.id)).toBe(true);
    const refunds = await auditPage(owner, { action: 'refundOrder' });
    expect(refunds.data!.auditLog.entries.map((entry) => entry.action)).toEqual(['refundOrder']);
    const targetId = await firstId(`select id from discount_codes where code = 'AUDIT15'`);
    const code = await auditPage(owner, { targetType: 'discount_code', targetId: String(targetId) });
    expect(code.data!.auditLog.entries.map((entry) => entry.action)).toEqual([
      'deactivateDiscountCode',
      'updateDiscountCode',
      'createDiscountCode',
    ]);
  });

  it('is the owner’s only, and refuses a bad cursor with a clear message', async () => {
    expect((await auditPage(manager, {})).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await auditPage(owner, { after: 'not-a-cursor' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('exports the filtered log as CSV, newest first, formulas guarded', async () => {
    const response = await shop.http
      .get('/api/admin/export/audit.csv')
      .query({ actorId: staff.id })
      .set(owner.auth)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const text = response.body as string;
    // The byte order mark: spreadsheets read the text as UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('When,Who,Role,Action,Target,Target id,Before,After,Request id');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.slice(1).every((line) => line.includes(',STAFF,'))).toBe(true);
    const refused = await shop.http.get('/api/admin/export/audit.csv').set(staff.auth);
    expect(refused.status).toBe(403);
  });
});
