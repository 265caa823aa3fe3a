import { FieldErrorCode } from '../../core/errors';
import { startTestShop, type TestShop } from '../../../test/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

describe('FieldError.code', () => {
  it('is the FieldErrorCode enum, listing every code the server gives', async () => {
    const { data } = await shop.graphql<{
      field: { fields: { name: string; type: { kind: string; ofType: { kind: string; name: string } } }[] };
      codes: { enumValues: { name: string }[] };
    }>(`{
      field: __type(name: "FieldError") { fields { name type { kind ofType { kind name } } } }
      codes: __type(name: "FieldErrorCode") { enumValues { name } }
    }`);
    const code = data!.field.fields.find((field) => field.name === 'code');
    expect(code?.type).toEqual({ kind: 'NON_NULL', ofType: { kind: 'ENUM', name: 'FieldErrorCode' } });
    expect(data!.codes.enumValues.map((value) => value.name).sort()).toEqual(Object.keys(FieldErrorCode).sort());
  });

  it('answers a refused field with its code', async () => {
    const { data, errors } = await shop.graphql<{
      subscribeToNewsletter: { errors: { field: string; code: string }[] };
    }>('mutation { subscribeToNewsletter(email: "not an address") { errors { field code } } }');
    expect(errors).toBeUndefined();
    expect(data!.subscribeToNewsletter.errors).toEqual([{ field: 'email', code: FieldErrorCode.INVALID_EMAIL }]);
  });
});
