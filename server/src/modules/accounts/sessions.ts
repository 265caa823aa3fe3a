import type { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCookie } from 'cookie';
import type { Request } from 'express';
import type { RequestContext } from '../../core/request-context';
import { queryPrepared } from '../../shared/prepared-statements';
import { randomToken, sha256 } from '../../shared/secrets';
import { Session } from './session.entity';
import type { User, UserRole } from './user.entity';
import { Viewer } from './viewer';

export const sessionCookieName = 'session';

/** The session token a request carries: `Authorization: Bearer …` (API clients) or the session cookie (browsers). */
export function sessionTokenOf(request: Request): string | undefined {
  const authorization = request.get('authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  const cookieHeader = request.get('cookie');
  return cookieHeader ? parseCookie(cookieHeader)[sessionCookieName] || undefined : undefined;
}

/** Session tokens are this many random bytes, base64url: 43 characters. */
const sessionTokenBytes = 32;
const sessionTokenPattern = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((sessionTokenBytes * 4) / 3)}}$`);

interface ViewerRow {
  session_id: string;
  id: string;
  first: string;
  last: string;
  email: string | null;
  phone: string | null;
  role: UserRole;
}

/**
 * One statement on every request, so a session revoked on any instance is refused at once on all: the live
 * session's user, or null. Plain SQL for just the viewer's columns: an entity query with a populated user
 * cost more CPU than the rest of a small request (decision 0039). A token we could never have issued (a
 * Paystack key sent to the stand-in, a mangled cookie) is refused without asking the database.
 */
export async function viewerForToken(em: EntityManager, token: string): Promise<Viewer | null> {
  if (!sessionTokenPattern.test(token)) return null;
  const [row] = await queryPrepared<ViewerRow>(
    em,
    `select s.id as session_id, u.id, u.first, u.last, u.email, u.phone, u.role
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = ? and s.revoked_at is null and s.expires_at > ?`,
    [sha256(token), new Date()],
  );
  if (!row) return null;
  const { session_id: sessionId, id, first, last, email, phone, role } = row;
  return Object.assign(new Viewer(), { id, first, last, email, phone, role, sessionId });
}

/**
 * Starts a session for `user` (within the caller's flush, on `em`: the request's, or the caller's
 * transaction) and hands the browser its cookie.
 */
export function startSession(ctx: RequestContext, user: User, em: EntityManager = ctx.em): string {
  const token = randomToken(sessionTokenBytes);
  const expiresAt = new Date(Date.now() + ctx.config.sessionDays * 86_400_000);
  em.create(Session, { tokenHash: sha256(token), user, expiresAt });
  ctx.http.setSessionCookie(token, expiresAt);
  return token;
}

export async function revokeSession(ctx: RequestContext, sessionId: string): Promise<void> {
  await ctx.em.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: new Date() });
  ctx.http.clearSessionCookie();
}

/** Ends every session of a user (after a password reset), except `keep`; on `em`, so inside its transaction. */
export async function revokeUserSessions(em: EntityManager, userId: string, keep?: string): Promise<void> {
  await em.nativeUpdate(
    Session,
    { user: userId, revokedAt: null, ...(keep ? { id: { $ne: keep } } : {}) },
    { revokedAt: new Date() },
  );
}
