import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { Permission } from '../accounts/guards';
import { auditService, type AuditEntryRow } from './audit.service';
import { AuditLogFiltersView, AuditLogPageView, type AuditEntryView } from './audit.views';

function toView(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    at: row.created_at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorRole: row.actor_role,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
    requestId: row.request_id,
  };
}

/** The owner's audit log page (/oxalis/audit); its CSV is GET /api/admin/export/audit.csv with the same filters. */
@Resolver()
export class AuditResolver {
  @Authorized(Permission.SETTINGS)
  @Query(() => AuditLogPageView, { description: 'Every admin write, newest first, a page at a time (keyset).' })
  async auditLog(
    @Ctx() ctx: RequestContext,
    @Arg('actorId', () => ID, { nullable: true }) actorId?: string | null,
    @Arg('action', () => String, { nullable: true }) action?: string | null,
    @Arg('targetType', () => String, { nullable: true }) targetType?: string | null,
    @Arg('targetId', () => String, { nullable: true }) targetId?: string | null,
    @Arg('from', () => Date, { nullable: true, description: 'From this moment on.' }) from?: Date | null,
    @Arg('to', () => Date, { nullable: true, description: 'Before this moment (exclusive).' }) to?: Date | null,
    @Arg('after', () => String, { nullable: true, description: "The previous page's nextCursor." })
    after?: string | null,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50, description: '1 to 100.' }) limit?: number,
  ): Promise<AuditLogPageView> {
    const page = await auditService.list(ctx, { actorId, action, targetType, targetId, from, to, after, limit });
    return { entries: page.entries.map(toView), nextCursor: page.nextCursor };
  }

  @Authorized(Permission.SETTINGS)
  @Query(() => AuditLogFiltersView, { description: "The audit log's filter choices: its actions and people." })
  async auditLogFilters(@Ctx() ctx: RequestContext): Promise<AuditLogFiltersView> {
    return auditService.filterChoices(ctx);
  }
}
