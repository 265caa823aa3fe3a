import emailCases from '../../../test-support/email-address-cases.json';
import { isEmailAddress } from './email-address';

// The same cases the server's check is tested with (server/src/config/__tests__/email-address.test.ts): one grammar.
describe('the one e-mail grammar', () => {
  it.each(emailCases.accepted)('accepts %j', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it.each([...emailCases.refused, ...emailCases.variantsOfTarget])('refuses %j', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });
});
