import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';

// Issue 26: a shopper's address book, which fills the checkout. Every call is the signed-in shopper's own.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

const fields = 'id recipient phone area street landmark city postalCode isDefault';
const list = `{ myAddresses { ${fields} } }`;
const save = `mutation ($input: AddressInput!, $id: ID) {
  saveAddress(input: $input, id: $id) { address { ${fields} } errors { field code message } } }`;
const remove = `mutation ($id: ID!) { deleteAddress(id: $id) { ok message errors { field code message } } }`;

interface Address {
  id: string;
  recipient: string;
  phone: string;
  area: string | null;
  street: string;
  landmark: string | null;
  city: string;
  postalCode: string | null;
  isDefault: boolean;
}
interface Problem {
  field: string;
  code: string;
  message: string;
}

async function ask<T>(user: TestUser | null, query: string, variables: Record<string, unknown> = {}) {
  const request = shop.http.post('/graphql').send({ query, variables });
  const response = await (user ? request.set(user.auth) : request);
  return response.body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
}

const home = {
  recipient: 'Akinyi Otieno',
  phone: '0712 345 678',
  area: 'Kilimani',
  street: 'Argwings Kodhek Rd, Jade Court, flat 4B',
  landmark: 'Opposite the Yaya Centre petrol station',
  city: 'Nairobi',
};

async function saveAddress(user: TestUser, input: Record<string, unknown>, id?: string) {
  const body = await ask<{ saveAddress: { address: Address | null; errors: Problem[] } }>(user, save, { input, id });
  return body.data!.saveAddress;
}
async function addresses(user: TestUser) {
  return (await ask<{ myAddresses: Address[] }>(user, list)).data!.myAddresses;
}

it('keeps a shopper’s addresses, the first as the default, the phone as +254…, and makes another the default', async () => {
  const shopper = await createSignedInUser(shop);
  const first = await saveAddress(shopper, home);
  expect(first.errors).toEqual([]);
  expect(first.address).toMatchObject({ ...home, phone: '+254712345678', postalCode: null, isDefault: true });

  const office = await saveAddress(shopper, {
    recipient: 'Akinyi',
    phone: '+254722000111',
    street: 'Kenyatta Ave 12',
    city: 'Nairobi',
    postalCode: '00100',
  });
  expect(office.address).toMatchObject({ area: null, landmark: null, postalCode: '00100', isDefault: false });
  expect((await addresses(shopper)).map((address) => [address.id, address.isDefault])).toEqual([
    [first.address!.id, true],
    [office.address!.id, false],
  ]);

  const switched = await saveAddress(
    shopper,
    { ...home, street: 'Kenyatta Ave 14', isDefault: true },
    office.address!.id,
  );
  expect(switched.address).toMatchObject({ street: 'Kenyatta Ave 14', isDefault: true });
  expect((await addresses(shopper)).map((address) => [address.id, address.isDefault])).toEqual([
    [office.address!.id, true],
    [first.address!.id, false],
  ]);

  // Deleting the default makes the other one the default.
  expect(
    (await ask<{ deleteAddress: { ok: boolean } }>(shopper, remove, { id: office.address!.id })).data!.deleteAddress.ok,
  ).toBe(true);
  expect(await addresses(shopper)).toEqual([expect.objectContaining({ id: first.address!.id, isDefault: true })]);
});

it('refuses a missing field, a long one and a number that is not a Kenyan mobile, keeping nothing', async () => {
  const shopper = await createSignedInUser(shop);
  expect((await saveAddress(shopper, { ...home, street: '  ' })).errors).toEqual([
    { field: 'street', code: 'REQUIRED', message: 'Please fill in all fields' },
  ]);
  expect((await saveAddress(shopper, { ...home, landmark: 'x'.repeat(201) })).errors).toEqual([
    { field: 'landmark', code: 'TOO_LONG', message: 'Please keep this to 200 characters' },
  ]);
  expect((await saveAddress(shopper, { ...home, phone: '+255712345678' })).errors[0]).toMatchObject({
    field: 'phone',
    code: 'INVALID_PHONE',
  });
  expect(await addresses(shopper)).toEqual([]);
});

it('keeps ten at most, and several saves at once leave exactly one default', async () => {
  const shopper = await createSignedInUser(shop);
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      saveAddress(shopper, { ...home, street: `Street ${index}`, isDefault: true }),
    ),
  );
  expect(answers.filter((answer) => answer.address !== null)).toHaveLength(10);
  for (const refused of answers.filter((answer) => answer.address === null)) {
    expect(refused.errors).toEqual([
      { field: '', code: 'TOO_MANY_ADDRESSES', message: 'You can keep up to 10 addresses' },
    ]);
  }
  const kept = await addresses(shopper);
  expect(kept).toHaveLength(10);
  expect(kept.filter((address) => address.isDefault)).toHaveLength(1);
});

it("another shopper's address is not found, neither changed nor deleted, and a guest is refused", async () => {
  const owner = await createSignedInUser(shop);
  const stranger = await createSignedInUser(shop);
  const { address } = await saveAddress(owner, home);
  expect((await saveAddress(stranger, { ...home, city: 'Mombasa' }, address!.id)).errors).toEqual([
    { field: 'id', code: 'NOT_FOUND', message: 'Address not found' },
  ]);
  expect(
    (await ask<{ deleteAddress: { ok: boolean; errors: Problem[] } }>(stranger, remove, { id: address!.id })).data!
      .deleteAddress,
  ).toMatchObject({
    ok: false,
    errors: [{ field: 'id', code: 'NOT_FOUND' }],
  });
  expect(await addresses(stranger)).toEqual([]);
  expect(await addresses(owner)).toEqual([expect.objectContaining({ id: address!.id, city: 'Nairobi' })]);
  const guest = await ask(null, list);
  expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

it('reads the book in one statement, and the migration matches the entity', async () => {
  const shopper = await createSignedInUser(shop);
  for (let index = 0; index < 4; index += 1) await saveAddress(shopper, { ...home, street: `Street ${index}` });
  const { statements, result } = await shop.statements.measure(() => addresses(shopper));
  expect(result).toHaveLength(4);
  // The session's viewer, then the book.
  expect(statements).toBe(2);
  const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
  expect(diff).not.toMatch(/saved_addresses/);
});
