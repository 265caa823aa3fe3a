import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { Permission, requirePermission } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { AdminNotification } from './admin-notification.entity';

async function countUnread(ctx: RequestContext): Promise<number> {
  return ctx.em.count(AdminNotification, { readAt: null });
}

export const adminNotificationsService = {
  /** Newest first. */
  async list(ctx: RequestContext, limit: number | undefined | null): Promise<AdminNotification[]> {
    requirePermission(ctx, Permission.ORDERS);
    const { limit: wanted } = pageOf(limit, 0, 50);
    return ctx.em.find(AdminNotification, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: wanted });
  },

  async unreadCount(ctx: RequestContext): Promise<number> {
    requirePermission(ctx, Permission.ORDERS);
    return countUnread(ctx);
  },

  /** Marks these notifications read (all unread ones when no ids are given); answers the unread count left. */
  async markRead(ctx: RequestContext, ids: readonly number[] | undefined | null): Promise<number> {
    requirePermission(ctx, Permission.ORDERS);
    const wanted = ids?.filter((id) => Number.isSafeInteger(id));
    await ctx.em.transactional(async (em) => {
      const marked = await em.nativeUpdate(
        AdminNotification,
        wanted ? { id: { $in: wanted }, readAt: null } : { readAt: null },
        { readAt: new Date() },
      );
      if (marked > 0) {
        recordAudit(ctx, em, {
          action: 'markNotificationsRead',
          targetType: 'admin_notification',
          targetId: wanted?.length === 1 ? wanted[0]! : null,
          after: { ids: wanted ?? 'all unread', marked },
        });
      }
    });
    return countUnread(ctx);
  },
};
