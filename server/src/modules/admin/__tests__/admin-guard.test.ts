import assert from 'node:assert/strict';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { buildAppSchema } from '../../../graphql/schema';
import { singleRow } from '../../../shared/single-row';
import { UserRole } from '../../accounts/user.entity';
import { Permission, rolePermissions } from '../../accounts/guards';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor } from '../../../../test/checkout';
import {
  appRoutes as servedRoutes,
  rootFields as schemaRootFields,
  type RootField,
} from '../../../../test/app-surface';

/**
 * Who may call what. Every Query and Mutation field and every REST route the app serves must be listed:
 * a new operation missing here fails the test, so it cannot ship without someone deciding who may call it.
 */
/**
 * A Permission: team members whose role grants it (decision 0102: staff, manager, owner); 'admin': the owner only
 * (an operation nobody has classified yet is owner-only, the safe default of requireAdmin).
 */
type Access = 'public' | 'signed-in' | 'admin' | Permission;

const graphqlAccess: Record<string, Access> = {
  // Queries
  products: 'public',
  productsCount: 'public',
  productFacets: 'public',
  newArrivals: 'public',
  searchSuggestions: 'public',
  product: 'public',
  categories: 'public',
  category: 'public',
  reviews: 'public',
  reviewStats: 'public',
  productReviews: 'public',
  deliveryLocations: 'public',
  freeDeliveryFromCents: 'public',
  relatedProducts: 'public',
  me: 'public',
  cart: 'signed-in',
  myOrders: 'signed-in',
  orderPayment: 'signed-in',
  orderRefunds: 'signed-in',
  adminProducts: Permission.STOCK,
  dashboard: Permission.ORDERS,
  salesDashboard: Permission.REPORTS,
  adminOrders: Permission.ORDERS,
  orderStatusChanges: Permission.ORDERS,
  orderRefundableCents: Permission.REFUNDS,
  adminTransactions: Permission.ORDERS,
  adminDiscountCodes: Permission.DISCOUNTS,
  adminUsers: Permission.STAFF,
  adminNotifications: Permission.ORDERS,
  unreadNotificationCount: Permission.ORDERS,
  adminReviews: Permission.REVIEWS,
  adminNewsletterSubscribers: Permission.SETTINGS,
  adminMostWantedSizes: Permission.STOCK,
  team: Permission.STAFF,
  // The tracking page: the order's unguessable token in its link, not a session, authorises it.
  orderTracking: 'public',
  auditLog: Permission.SETTINGS,
  auditLogFilters: Permission.SETTINGS,
  // Mutations
  inviteStaff: Permission.STAFF,
  markOrderPacked: Permission.ORDERS,
  markOutForDelivery: Permission.ORDERS,
  recordFailedDelivery: Permission.ORDERS,
  markOrderDelivered: Permission.ORDERS,
  changeStaffRole: Permission.STAFF,
  removeStaff: Permission.STAFF,
  cancelStaffInvitation: Permission.STAFF,
  requestSignupCode: 'public',
  verifySignupCode: 'public',
  register: 'public',
  requestPhoneCode: 'public',
  verifyPhoneCode: 'public',
  registerWithPhone: 'public',
  myAddresses: 'signed-in',
  saveAddress: 'signed-in',
  deleteAddress: 'signed-in',
  login: 'public',
  loginWithGoogle: 'public',
  logout: 'public',
  requestPasswordReset: 'public',
  resetPassword: 'public',
  subscribeToNewsletter: 'public',
  // The token from the e-mail proves the address (confirm: a random token; unsubscribe: an HMAC of the id).
  confirmNewsletterSubscription: 'public',
  unsubscribeFromNewsletter: 'public',
  // "Notify me when back": a guest gives an e-mail or phone; a signed-in shopper may use the account's own.
  askBackInStock: 'public',
  // The stop links in back-in-stock and cart reminder messages: an HMAC of the id, not a session, authorises them.
  stopBackInStockMessages: 'public',
  stopCartReminders: 'public',
  createReview: 'public',
  addToCart: 'signed-in',
  updateCartItem: 'signed-in',
  removeCartItem: 'signed-in',
  clearCart: 'signed-in',
  applyDiscountCode: 'signed-in',
  removeDiscountCode: 'signed-in',
  createOrder: 'signed-in',
  initializePayment: 'signed-in',
  verifyPayment: 'signed-in',
  payWithMpesa: 'signed-in',
  myOrder: 'signed-in',
  createProduct: Permission.CATALOGUE,
  updateProduct: Permission.CATALOGUE,
  updateProductQuantity: Permission.STOCK,
  updateVariantQuantity: Permission.STOCK,
  deleteProduct: Permission.CATALOGUE,
  createCategory: Permission.CATALOGUE,
  deleteCategory: Permission.CATALOGUE,
  deleteReview: Permission.REVIEWS,
  hideReview: Permission.REVIEWS,
  updateOrderStatus: Permission.ORDERS,
  requestDeliveryPayment: Permission.ORDERS,
  recordCashPayment: Permission.ORDERS,
  setPayOnDelivery: Permission.SETTINGS,
  refundOrder: Permission.REFUNDS,
  createDiscountCode: Permission.DISCOUNTS,
  updateDiscountCode: Permission.DISCOUNTS,
  deactivateDiscountCode: Permission.DISCOUNTS,
  markNotificationsRead: Permission.ORDERS,
  importProducts: Permission.CATALOGUE,
};

/** 'METHOD path' as each route is declared in its router (mount prefixes such as /api are not part of it). */
const restAccess: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // Its own bearer token (METRICS_TOKEN), not a session: http/__tests__/metrics.test.ts checks who may scrape.
  'GET /metrics': 'public',
  'GET /graphql': 'public',
  'GET /{*rest}': 'public',
  'GET /sitemap.xml': 'public',
  'GET /sitemap-pages.xml': 'public',
  'GET /sitemap-products-:file.xml': 'public',
  'GET /favicon.ico': 'public',
  'GET /robots.txt': 'public',
  // Signed by Paystack (HMAC), not by a session.
  'POST /paystack/webhook': 'public',
  // WhatsApp's delivery reports, signed by Meta (HMAC), and its subscription handshake (the verify token).
  'GET /whatsapp/webhook': 'public',
  'POST /whatsapp/webhook': 'public',
  // RFC 8058's one-click unsubscribe from a mail client: the token in the URL, not a session, authorises it.
  'POST /newsletter/unsubscribe': 'public',
  // Likewise the back-in-stock and cart reminder e-mails' one-click stop (decision 0105).
  'POST /back-in-stock/stop': 'public',
  'POST /cart-reminders/stop': 'public',
  // The local Paystack stand-in (test mode only): its API takes the stand-in's key (no session), its pay page needs
  // the payment's single-use access code, and its phone page stands for the customer's phone (decision 0053).
  'POST /transaction/initialize': 'public',
  'GET /transaction/verify/:reference': 'public',
  'GET /transaction': 'public',
  'GET /transaction/:id': 'public',
  'GET /pay/:accessCode': 'public',
  'POST /pay/:accessCode': 'public',
  'POST /charge': 'public',
  'GET /charge/:reference': 'public',
  'POST /refund': 'public',
  'GET /refund/:id': 'public',
  'GET /refund': 'public',
  'GET /phone': 'public',
  'POST /phone/:reference': 'public',
  'GET /products/list': 'public',
  'GET /products/search': 'public',
  'GET /categories/list': 'public',
  'POST /reviews/add': 'public',
  'GET /reviews/list': 'public',
  'GET /products/:id/reviews': 'public',
  'POST /email/otp-login': 'public',
  'POST /email/otp-verify': 'public',
  'POST /users/register': 'public',
  'POST /users/login': 'public',
  'POST /users/login/email': 'public',
  'POST /users/logout': 'public',
  'POST /users/forgot-password': 'public',
  'POST /users/reset-password': 'public',
  'GET /users/me': 'signed-in',
  'GET /carts/user/:userId': 'signed-in',
  'POST /carts/add': 'signed-in',
  'PUT /carts/update/:id': 'signed-in',
  'DELETE /carts/delete/:id': 'signed-in',
  'POST /orders/create': 'signed-in',
  'GET /orders/user/:uid': 'signed-in',
  'POST /paystack/initialize': 'signed-in',
  'GET /users/list': Permission.STAFF,
  'POST /products/add': Permission.CATALOGUE,
  'POST /products/update/:id': Permission.CATALOGUE,
  // The inventory's quick stock edit (JSON, as called here); the whole form (multipart) needs Permission.CATALOGUE.
  'PUT /products/update/:id': Permission.STOCK,
  'DELETE /products/delete/:id': Permission.CATALOGUE,
  'POST /categories/add': Permission.CATALOGUE,
  'DELETE /categories/delete/:idOrName': Permission.CATALOGUE,
  'DELETE /reviews/delete/:id': Permission.REVIEWS,
  'GET /orders/list': Permission.ORDERS,
  'PUT /orders/update/:id': Permission.ORDERS,
  'GET /transactions/list': Permission.ORDERS,
  'GET /admin/export/orders.csv': Permission.REPORTS,
  'GET /admin/export/transactions.csv': Permission.REPORTS,
  'GET /admin/export/subscribers.csv': Permission.SETTINGS,
  'GET /admin/export/sales.csv': Permission.REPORTS,
  'GET /admin/export/products.csv': Permission.REPORTS,
  'GET /admin/export/audit.csv': Permission.SETTINGS,
};

let shop: TestShop;
let user: TestUser;
let schema: GraphQLSchema;
let appRoutes: Set<string>;
let orderId: string;
let reviewId: number;

beforeAll(async () => {
  // With a metrics token, so /metrics is among the routes served (decision 0107).
  shop = await startTestShop({ env: { METRICS_TOKEN: 'metrics-token-of-the-guard-test' } });
  schema = await buildAppSchema();
  appRoutes = new Set((await servedRoutes(shop)).map((route) => route.key));
  user = await createSignedInUser(shop);
  // Real rows for the ids the calls name, so a guard that let a call through would change something.
  orderId = (await placeOrderFor(shop, user, [[2, 1]])).id;
  const review = await shop.http
    .post('/api/reviews/add')
    .send({ name: 'Wanjiru', rating: 5, title: 'Lovely', fullReview: 'Lasts all day.' })
    .expect(201);
  reviewId = review.body.data.id;
});
afterAll(() => shop.close());

/** A fingerprint of everything an admin operation could change. */
async function shopState(): Promise<string> {
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ state: string }[]>(
      `select concat_ws('|',
       (select md5(coalesce(string_agg(concat_ws(',', id, name, quantity, price_cents, archived_at), ';' order by id), '')) from products),
       (select md5(coalesce(string_agg(concat_ws(',', id, product_id, file_name), ';' order by id), '')) from product_images),
       (select md5(coalesce(string_agg(concat_ws(',', id, name), ';' order by id), '')) from categories),
       (select md5(coalesce(string_agg(concat_ws(',', product_id, category_id), ';' order by product_id, category_id), '')) from product_categories),
       (select md5(coalesce(string_agg(id::text, ';' order by id), '')) from reviews),
       (select md5(coalesce(string_agg(concat_ws(',', id, status, stock_released_at), ';' order by id), '')) from orders),
       (select count(*) from order_status_changes),
       (select md5(coalesce(string_agg(concat_ws(',', id, read_at), ';' order by id), '')) from admin_notifications),
       (select md5(coalesce(string_agg(concat_ws(',', id, role), ';' order by id), '')) from users),
       (select md5(coalesce(string_agg(concat_ws(',', id, accepted_at, cancelled_at), ';' order by id), '')) from staff_invitations),
       (select count(*) from audit_log)
     ) as state`,
    );
  return singleRow(rows).state;
}

/** A value of this input type that passes validation, so a refusal can only come from the guard. */
function sampleValue(type: GraphQLInputType, argumentName: string): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, argumentName);
  if (isListType(type)) return [sampleValue(type.ofType, argumentName)];
  if (isEnumType(type)) {
    const [value] = type.getValues();
    return value?.value === undefined ? null : value.name;
  }
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.type, field.name)]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return 1;
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'ID':
        return orderId;
      case 'DateTimeISO':
        return new Date().toISOString();
      case 'Upload':
        return null; // sent as a multipart file, see callField
      case 'String':
        return argumentName === 'status' ? 'cancelled' : 'GUARD TEST';
      default:
        throw new Error(`No sample for scalar ${type.name}: add one here`);
    }
  }
  throw new Error(`No sample for ${String(type)}`);
}

function usesUpload(type: GraphQLInputType): boolean {
  return getNamedType(type).name === 'Upload';
}

/** Calls one root field with generated arguments (required ones, uploads as real multipart files). */
async function callField(
  operation: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  auth: Record<string, string>,
): Promise<{ errors?: { message: string; extensions?: { code?: string } }[]; data?: unknown }> {
  const required = field.args.filter((argument) => isNonNullType(argument.type));
  const variables: Record<string, unknown> = {};
  const uploads: string[] = [];
  for (const argument of required) {
    variables[argument.name] = sampleValue(argument.type, argument.name);
    // Ids of real rows: product and category 1 are seeded, the review and the order were made above.
    if (field.name === 'deleteReview' && argument.name === 'id') variables.id = reviewId;
    if (usesUpload(argument.type)) {
      // A list of files gets one, a single file (importProducts' file) is one.
      const list = isListType(isNonNullType(argument.type) ? argument.type.ofType : argument.type);
      variables[argument.name] = list ? [null] : null;
      uploads.push(list ? `variables.${argument.name}.0` : `variables.${argument.name}`);
    }
  }
  const declarations = required.map((argument) => `$${argument.name}: ${String(argument.type)}`).join(', ');
  const argumentsText = required.map((argument) => `${argument.name}: $${argument.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  const query = `${operation}${declarations ? `(${declarations})` : ''} { ${field.name}${
    argumentsText ? `(${argumentsText})` : ''
  }${selection} }`;
  if (uploads.length === 0) {
    const response = await shop.http.post('/graphql').set(auth).send({ query, variables });
    return response.body;
  }
  let request = shop.http
    .post('/graphql')
    .set(auth)
    .set('apollo-require-preflight', 'true')
    .field('operations', JSON.stringify({ query, variables }))
    .field('map', JSON.stringify(Object.fromEntries(uploads.map((path, index) => [String(index), [path]]))));
  uploads.forEach((_path, index) => {
    request = request.attach(String(index), Buffer.from('not really an image'), `guard-${index}.jpg`);
  });
  return (await request).body;
}

function rootFields(): RootField[] {
  return schemaRootFields(schema);
}

/** A concrete path for a declared route: parameters get the ids of real rows. */
function concretePath(path: string): string {
  return path
    .replace(':idOrName', '1')
    .replace(/^\/orders\/update\/:id$/, `/orders/update/${orderId}`)
    .replace(/^\/reviews\/delete\/:id$/, `/reviews/delete/${reviewId}`)
    .replace(':id', '1');
}

async function callRoute(route: string, auth: Record<string, string>) {
  const [method, path = ''] = route.split(' ');
  const body = { status: 'cancelled', quantity: 0, inStock: 0, name: 'GUARD TEST' };
  const results = [];
  for (const prefix of ['', '/api']) {
    const url = `${prefix}${concretePath(path)}`;
    const agent = shop.http;
    const request =
      method === 'GET'
        ? agent.get(url)
        : method === 'POST'
          ? agent.post(url).send(body)
          : method === 'PUT'
            ? agent.put(url).send(body)
            : agent.delete(url);
    const response = await request.set(auth);
    results.push({ url, status: response.status, body: response.body });
  }
  return results;
}

describe('the access table', () => {
  it('lists every GraphQL Query and Mutation field', () => {
    const unlisted = rootFields()
      .map(({ field }) => field.name)
      .filter((name) => !(name in graphqlAccess));
    expect(unlisted).toEqual([]);
  });

  it('lists every REST route the app serves', () => {
    const unlisted = [...appRoutes].filter((route) => !(route in restAccess));
    expect(unlisted).toEqual([]);
    // The table names the admin calls of the contract: each must really be served.
    const adminRoutes = Object.entries(restAccess).filter(([, access]) => isAdminAccess(access));
    expect(adminRoutes.map(([route]) => route).filter((route) => !appRoutes.has(route))).toEqual([]);
  });
});

/** Everyone who may call an admin operation: the three team roles. */
const teamRoles = [UserRole.STAFF, UserRole.MANAGER, UserRole.ADMIN] as const;
const team = {} as Record<(typeof teamRoles)[number], TestUser>;
beforeAll(async () => {
  for (const role of teamRoles) team[role] = await createSignedInUser(shop, role);
});

function isAdminAccess(access: Access | undefined): access is 'admin' | Permission {
  return access !== undefined && access !== 'public' && access !== 'signed-in';
}

/** The issue's table: staff = orders, stock, reviews; manager = also catalogue, discounts, refunds; owner = all. */
function mayCall(access: 'admin' | Permission, role: UserRole): boolean {
  return access === 'admin' ? role === UserRole.ADMIN : rolePermissions(role).includes(access);
}

function accessOf(name: string): 'admin' | Permission {
  const access = graphqlAccess[name];
  assert.ok(isAdminAccess(access), `${name} is an admin operation`);
  return access;
}

describe('admin GraphQL operations', () => {
  const cases = () => rootFields().filter(({ field }) => isAdminAccess(graphqlAccess[field.name]));

  it('are refused for a guest (UNAUTHENTICATED), a shopper and every team role without the permission (FORBIDDEN), changing nothing', async () => {
    const before = await shopState();
    const failures: string[] = [];
    // Every admin operation the table names is in the schema, so none is skipped by a typo.
    const inSchema = new Set(cases().map(({ field }) => field.name));
    const adminNames = Object.keys(graphqlAccess).filter((name) => isAdminAccess(graphqlAccess[name]));
    expect(adminNames.filter((name) => !inSchema.has(name))).toEqual([]);
    for (const { operation, field } of cases()) {
      const access = accessOf(field.name);
      const asGuest = await callField(operation, field, {});
      if (asGuest.errors?.[0]?.extensions?.code !== 'UNAUTHENTICATED')
        failures.push(`${field.name} as a guest: ${JSON.stringify(asGuest)}`);
      const refused = [
        ['shopper', user] as const,
        ...teamRoles.filter((role) => !mayCall(access, role)).map((role) => [role, team[role]] as const),
      ];
      for (const [who, caller] of refused) {
        const answer = await callField(operation, field, caller.auth);
        if (answer.errors?.[0]?.extensions?.code !== 'FORBIDDEN')
          failures.push(`${field.name} as ${who}: ${JSON.stringify(answer)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await shopState()).toBe(before);
  });

  it('let through every team role whose permission allows the operation', async () => {
    const failures: string[] = [];
    for (const { operation, field } of cases()) {
      const access = accessOf(field.name);
      for (const role of teamRoles.filter((candidate) => mayCall(access, candidate))) {
        const answer = await callField(operation, field, team[role].auth);
        const code = answer.errors?.[0]?.extensions?.code;
        if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN')
          failures.push(`${field.name} as ${role}: ${JSON.stringify(answer)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuse a refund by staff, changing nothing (the issue: "a staff refund is refused")', async () => {
    const before = await shopState();
    const answer = await shop.http.post('/graphql').set(team[UserRole.STAFF].auth).send({
      query: `mutation ($orderId: ID!) { refundOrder(orderId: $orderId, reason: "Broken bottle") { errors { code } } }`,
      variables: { orderId },
    });
    expect(answer.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(answer.body.errors[0].message).toBe('Your role does not allow this');
    expect(await shopState()).toBe(before);
  });

  it('are refused for a signed-in user even when the client claims to be an admin', async () => {
    const response = await shop.http
      .post('/graphql')
      .set({ ...user.auth, 'x-user-role': 'ADMIN', cookie: 'userRole=1' })
      .send({ query: '{ dashboard { totalProducts } }' });
    expect(response.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('answer an admin (the harness reaches the resolvers when the guard allows it)', async () => {
    const admin = await createSignedInUser(shop, UserRole.ADMIN);
    const field = schema.getQueryType()?.getFields().unreadNotificationCount;
    assert.ok(field, 'The schema has Query.unreadNotificationCount');
    const answer = await callField('query', field, admin.auth);
    expect(answer.errors).toBeUndefined();
    expect(typeof (answer.data as { unreadNotificationCount: number }).unreadNotificationCount).toBe('number');
  });
});

describe('signed-in GraphQL operations', () => {
  it('are refused for a guest (UNAUTHENTICATED)', async () => {
    const failures: string[] = [];
    for (const { operation, field } of rootFields().filter(({ field }) => graphqlAccess[field.name] === 'signed-in')) {
      const answer = await callField(operation, field, {});
      if (answer.errors?.[0]?.extensions?.code !== 'UNAUTHENTICATED') {
        failures.push(`${field.name}: ${JSON.stringify(answer)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('admin REST routes', () => {
  const routeAccess = (route: string): 'admin' | Permission => {
    const access = restAccess[route];
    assert.ok(isAdminAccess(access), `${route} is an admin route`);
    return access;
  };

  it('answer 401 to a guest and 403 to a shopper and to every team role without the permission, with and without /api, changing nothing', async () => {
    const before = await shopState();
    const failures: string[] = [];
    const adminRoutes = [...appRoutes].filter((route) => isAdminAccess(restAccess[route]));
    for (const route of adminRoutes) {
      const access = routeAccess(route);
      const refused = [
        ['guest', {}, 401] as const,
        ['shopper', user.auth, 403] as const,
        ...teamRoles.filter((role) => !mayCall(access, role)).map((role) => [role, team[role].auth, 403] as const),
      ];
      for (const [who, auth, status] of refused) {
        for (const result of await callRoute(route, auth)) {
          if (result.status !== status || result.body?.success !== false) {
            failures.push(`${route} (${result.url}) as ${who}: ${result.status} ${JSON.stringify(result.body)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await shopState()).toBe(before);
  });

  it('let through every team role whose permission allows the route', async () => {
    const failures: string[] = [];
    for (const route of [...appRoutes].filter((candidate) => isAdminAccess(restAccess[candidate]))) {
      const access = routeAccess(route);
      for (const role of teamRoles.filter((candidate) => mayCall(access, candidate))) {
        const results = await callRoute(route, team[role].auth).catch((error: Error) => {
          failures.push(`${route} as ${role}: ${error.message}`);
          return [];
        });
        for (const result of results) {
          if (result.status === 401 || result.status === 403)
            failures.push(`${route} (${result.url}) as ${role}: ${result.status} ${JSON.stringify(result.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuse a guest on signed-in routes with 401', async () => {
    const failures: string[] = [];
    for (const route of [...appRoutes].filter((candidate) => restAccess[candidate] === 'signed-in')) {
      for (const result of await callRoute(route, {})) {
        if (result.status !== 401) failures.push(`${route} (${result.url}): ${result.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
