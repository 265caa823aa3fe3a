import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import emailCases from '../../../../test-support/email-address-cases.json';
import { isValidEmail, maxEmailLength } from '../email-address';

/** What nodemailer makes of a recipient: the addresses it would deliver to, and any display name or group. */
function asNodemailerReadsIt(recipient: string): { addresses: string[]; extras: boolean } {
  const addresses: string[] = [];
  let extras = false;
  const walk = (entries: addressparser.AddressOrGroup[]) => {
    for (const entry of entries) {
      if ('group' in entry) {
        extras = true;
        walk(entry.group);
        continue;
      }
      if (entry.name) extras = true;
      if (entry.address) addresses.push(entry.address);
    }
  };
  walk(addressparser(recipient));
  return { addresses, extras };
}

describe('the one e-mail grammar (the same cases as the client’s)', () => {
  it.each(emailCases.accepted)('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(emailCases.refused)('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it.each(emailCases.variantsOfTarget)(
    'refuses %j, which the old check accepted and nodemailer delivers to target@example.com',
    (variant) => {
      expect(asNodemailerReadsIt(variant).addresses).toContain('target@example.com');
      expect(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(variant)).toBe(true);
      expect(isValidEmail(variant)).toBe(false);
    },
  );
});

describe('what it accepts is what gets delivered to', () => {
  it('every accepted case is one address to nodemailer, with no name, exactly as written', () => {
    for (const email of emailCases.accepted) {
      expect(asNodemailerReadsIt(email)).toEqual({ addresses: [email], extras: false });
    }
  });

  it('so is every generated RFC 5322 address within the length limits, and each is accepted', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((email) => email.length <= maxEmailLength),
        (email) => {
          expect(isValidEmail(email)).toBe(true);
          expect(asNodemailerReadsIt(email)).toEqual({ addresses: [email], extras: false });
        },
      ),
      { seed: 20260123, numRuns: 300 },
    );
  });

  it('whatever else nodemailer would read as one address with a name, a group or more is refused', () => {
    const specials = fc.constantFrom(...'<>()[]:;,"\\ @.\u0000\t\n'.split(''));
    const piece = fc.oneof(fc.constantFrom('target', 'example', 'com', 'x', '0'), specials);
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
        (recipient) => {
          const read = asNodemailerReadsIt(recipient);
          if (read.extras || read.addresses.length !== 1 || read.addresses[0] !== recipient) {
            expect(isValidEmail(recipient)).toBe(false);
          }
        },
      ),
      { seed: 20260123, numRuns: 1500 },
    );
  });

  it('refuses a long near-miss by its length, before the expression reads it', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b-'.repeat(100_000)}.com`)).toBe(false);
    expect(isValidEmail(`${'a.'.repeat(100_000)}@example.com`)).toBe(false);
  });
});
