import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isUuid } from '../../shared/uuid';
import { displayName } from '../accounts/display-name';
import { Permission, requirePermission } from '../accounts/guards';
import { csvCell } from '../admin/csv';

/** What the owner narrows the log to; every field is optional. `to` is exclusive. */
export interface AuditFilter {
  actorId?: unknown;
  action?: unknown;
  targetType?: unknown;
  targetId?: unknown;
  from?: unknown;
  to?: unknown;
}

export interface AuditEntryRow {
  id: string;
  created_at: Date;
  actor_id: string | null;
  actor_name: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  request_id: string;
}

interface ActorRow {
  id: string;
  first: string;
  last: string;
  email: string | null;
  phone: string | null;
}

export interface AuditPage {
  entries: AuditEntryRow[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

const maxPage = 100;
const exportPageSize = 1000;

function text(value: unknown, field: string, maxLength = 100): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > maxLength)
    throw AppError.field(
      field,
      'INVALID_INPUT',
      `The ${field} filter must be text of at most ${maxLength} characters.`,
    );
  return value.trim() || null;
}

function instant(value: unknown, field: string): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' && value.length <= 40 ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw AppError.field(field, 'INVALID_INPUT', 'Dates must look like 2025-03-01 or 2025-03-01T08:00:00Z.');
  return date;
}

/** The keyset cursor: the last entry's time (milliseconds, as stored) and id, opaque to the client. */
export function auditCursor(row: Pick<AuditEntryRow, 'created_at' | 'id'>): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');
}

function parseCursor(value: unknown): { at: Date; id: string } | null {
  if (value === undefined || value === null || value === '') return null;
  const refused = () => AppError.field('after', 'INVALID_INPUT', 'This page link is not valid: start from the newest.');
  if (typeof value !== 'string' || value.length > 100) throw refused();
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|');
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id || !/^\d{1,19}$/.test(id)) throw refused();
  return { at: date, id };
}

/** The filter as SQL conditions: each is a prefix of one of audit_log's indexes, ordered (created_at, id). */
function conditionsOf(filter: AuditFilter): { where: string[]; parameters: unknown[] } {
  const where: string[] = [];
  const parameters: unknown[] = [];
  const actorId = text(filter.actorId, 'actorId', 36);
  if (actorId !== null) {
    if (!isUuid(actorId)) throw AppError.field('actorId', 'INVALID_INPUT', 'Choose a team member from the list.');
    where.push('actor_id = ?');
    parameters.push(actorId);
  }
  const action = text(filter.action, 'action');
  if (action !== null) {
    where.push('action = ?');
    parameters.push(action);
  }
  const targetType = text(filter.targetType, 'targetType');
  if (targetType !== null) {
    where.push('target_type = ?');
    parameters.push(targetType);
  }
  const targetId = text(filter.targetId, 'targetId');
  if (targetId !== null) {
    if (targetType === null)
      throw AppError.field('targetId', 'REQUIRED', 'Choose what kind of thing the id is (order, product…) too.');
    where.push('target_id = ?');
    parameters.push(targetId);
  }
  const from = instant(filter.from, 'from');
  if (from) {
    where.push('created_at >= ?');
    parameters.push(from);
  }
  const to = instant(filter.to, 'to');
  if (to) {
    where.push('created_at < ?');
    parameters.push(to);
  }
  return { where, parameters };
}

const columns =
  'id::text as id, created_at, actor_id, actor_name, actor_role, action, target_type, target_id, before, after, request_id';

async function page(
  ctx: RequestContext,
  filter: AuditFilter,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<AuditEntryRow[]> {
  const { where, parameters } = conditionsOf(filter);
  if (after) {
    where.push('(created_at, id) < (?, ?::bigint)');
    parameters.push(after.at, after.id);
  }
  const rows = await ctx.em.execute<AuditEntryRow[]>(
    `select ${columns} from audit_log ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by audit_log.created_at desc, audit_log.id desc limit ?`,
    [...parameters, limit],
  );
  // The driver hands timestamps over as text: a Date for the GraphQL scalar and the cursor.
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
}

const csvHeader = ['When', 'Who', 'Role', 'Action', 'Target', 'Target id', 'Before', 'After', 'Request id'];

function csvLine(row: AuditEntryRow): string {
  return `${[
    row.created_at.toISOString(),
    row.actor_name,
    row.actor_role,
    row.action,
    row.target_type,
    row.target_id,
    row.before === null ? '' : JSON.stringify(row.before),
    row.after === null ? '' : JSON.stringify(row.after),
    row.request_id,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

/** The audit log (decision 0103): the owner's only (Permission.SETTINGS), newest first, by keyset. */
export const auditService = {
  /** One page, one statement, whatever the log's size: every filter walks an index in (created_at, id) order. */
  async list(ctx: RequestContext, filter: AuditFilter & { after?: unknown; limit?: unknown }): Promise<AuditPage> {
    requirePermission(ctx, Permission.SETTINGS);
    const limit =
      typeof filter.limit === 'number' && Number.isSafeInteger(filter.limit)
        ? Math.min(Math.max(filter.limit, 1), maxPage)
        : 50;
    const rows = await page(ctx, filter, parseCursor(filter.after), limit + 1);
    const entries = rows.slice(0, limit);
    const last = entries[entries.length - 1];
    return { entries, nextCursor: rows.length > limit && last ? auditCursor(last) : null };
  },

  /**
   * What the filters offer: every action and every person in the log, each read by skipping through its index
   * (a recursive scan: one step per distinct value, not per entry). One statement.
   */
  async filterChoices(ctx: RequestContext): Promise<{ actions: string[]; actors: { id: string; name: string }[] }> {
    requirePermission(ctx, Permission.SETTINGS);
    const [row] = await ctx.em.execute<{ actions: string[] | null; actors: ActorRow[] | null }[]>(
      `with recursive actions as (
           (select action from audit_log order by action limit 1)
           union all
           select (select a.action from audit_log a where a.action > actions.action order by a.action limit 1)
             from actions where actions.action is not null),
         actors as (
           (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
           union all
           select (select a.actor_id from audit_log a where a.actor_id > actors.actor_id order by a.actor_id limit 1)
             from actors where actors.actor_id is not null)
       select (select array_agg(action order by action) from actions where action is not null) as actions,
              (select json_agg(json_build_object('id', u.id, 'first', u.first, 'last', u.last, 'email', u.email,
                        'phone', u.phone) order by u.first, u.last, u.id)
                 from actors join users u on u.id = actors.actor_id) as actors`,
    );
    return {
      actions: row?.actions ?? [],
      actors: (row?.actors ?? []).map((actor) => ({ id: actor.id, name: displayName(actor) })),
    };
  },

  /**
   * The filtered log as CSV text, a chunk per page of entries (newest first), so memory stays one page whatever the
   * log's size; values are JSON as stored, cells guarded against spreadsheet formulas (csv.ts).
   */
  async *csv(ctx: RequestContext, filter: AuditFilter): AsyncGenerator<string> {
    requirePermission(ctx, Permission.SETTINGS);
    // Refused before the first byte: a bad filter is a 400, not a cut-off download.
    conditionsOf(filter);
    yield `\uFEFF${csvHeader.map(csvCell).join(',')}\r\n`;
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const rows = await page(ctx, filter, after, exportPageSize);
      if (rows.length === 0) return;
      yield rows.map(csvLine).join('');
      const last = rows[rows.length - 1]!;
      after = { at: last.created_at, id: last.id };
      if (rows.length < exportPageSize) return;
    }
  },
};
