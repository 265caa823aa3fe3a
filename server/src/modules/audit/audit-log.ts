import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../core/request-context';
import { displayName } from '../accounts/display-name';
import { requireViewer } from '../accounts/guards';
import { User } from '../accounts/user.entity';
import { AuditEntry } from './audit-entry.entity';

/** What an admin write changed: named like the GraphQL mutation that does it, on one target. */
export interface AuditChange {
  /** The operation: the GraphQL mutation's name (updateOrderStatus, refundOrder…), REST calls use the same. */
  action: string;
  /** What kind of thing changed: order, product, category, review, discount_code, staff, … */
  targetType: string;
  targetId: string | number | null;
  /** The target as it was and as it is now: plain data, secrets are dropped (see auditSnapshot). */
  before?: unknown;
  after?: unknown;
}

/** Keys whose values never reach the log, at any depth: passwords, tokens, card data, one-time codes. */
const secretKey =
  /(password|token|secret|authorization|cookie|card|cvv|pan$|^pin$|otp|access_?code|authori[sz]ation_?code|hash$)/i;

/** Plain JSON of `value` without any secret: Dates as ISO strings, Maps and Sets as objects and arrays. */
export function auditSnapshot(value: unknown, depth = 0): unknown {
  if (value === undefined || value === null) return null;
  if (depth > 8) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return typeof value === 'function' ? null : value;
  if (Array.isArray(value)) return value.map((item) => auditSnapshot(item, depth + 1));
  if (value instanceof Set) return [...value].map((item) => auditSnapshot(item, depth + 1));
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Object.fromEntries(
    entries
      .filter(([key]) => !secretKey.test(String(key)))
      .map(([key, item]) => [String(key), auditSnapshot(item, depth + 1)]),
  );
}

/**
 * Records one admin write in the audit log, on `em`: the caller's transaction, so the entry commits with the write
 * or not at all (decision 0103). Call it inside the transaction, after the change, with the target before and
 * after. Who did it comes from the request: the signed-in team member, their name and role as they are now.
 */
export function recordAudit(ctx: RequestContext, em: EntityManager, change: AuditChange): AuditEntry {
  const viewer = requireViewer(ctx);
  return em.create(AuditEntry, {
    createdAt: new Date(),
    actor: em.getReference(User, viewer.id),
    actorName: displayName(viewer),
    actorRole: viewer.role,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId === null ? null : String(change.targetId),
    before: auditSnapshot(change.before),
    after: auditSnapshot(change.after),
    requestId: ctx.requestId,
  });
}
