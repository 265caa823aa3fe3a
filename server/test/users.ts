import { randomUUID } from 'node:crypto';
import { randomToken, sha256 } from '../src/shared/secrets';
import { Session } from '../src/modules/accounts/session.entity';
import { User, UserRole } from '../src/modules/accounts/user.entity';
import type { TestShop } from './test-shop';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for supertest's .set(). */
  auth: { authorization: string };
}

/** A user with a live session, made directly (the sign-up flow itself is tested in the accounts module). */
export async function createSignedInUser(shop: TestShop, role = UserRole.USER): Promise<TestUser> {
  const em = shop.orm.em.fork();
  const email = `user-${randomUUID()}@example.co.ke`;
  const user = em.create(User, { first: 'Test', last: 'Shopper', email, role });
  const token = randomToken();
  em.create(Session, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + 86_400_000) });
  await em.flush();
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
