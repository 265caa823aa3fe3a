import type { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCookie } from 'cookie';
import type { Request } from 'express';
import type { RequestContext } from '../../http/request-context';
import { randomToken, sha256 } from '../../shared/secrets';
import { Session } from './session.entity';
import type { User } from './user.entity';
import { toViewer, type Viewer } from './viewer';

export const sessionCookieName = 'session';

/** The session token a request carries: `Authorization: Bearer …` (API clients) or the session cookie (browsers). */
export function sessionTokenOf(request: Request): string | undefined {
  const authorization = request.get('authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  const cookieHeader = request.get('cookie');
  return cookieHeader ? parseCookie(cookieHeader)[sessionCookieName] || undefined : undefined;
}

/** One statement: the live session with its user, or null. */
export async function viewerForToken(em: EntityManager, token: string): Promise<Viewer | null> {
  const session = await em.findOne(
    Session,
    { tokenHash: sha256(token), revokedAt: null, expiresAt: { $gt: new Date() } },
    { populate: ['user'] },
  );
  return session ? toViewer(session.user, session.id) : null;
}

/**
 * Starts a session for `user` (within the caller's flush, on `em`: the request's, or the caller's
 * transaction) and hands the browser its cookie.
 */
export function startSession(ctx: RequestContext, user: User, em: EntityManager = ctx.em): string {
  const token = randomToken();
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
