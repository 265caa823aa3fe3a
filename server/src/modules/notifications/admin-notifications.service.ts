import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { requireAdmin } from '../accounts/guards';
import { AdminNotification } from './admin-notification.entity';

async function countUnread(ctx: RequestContext): Promise<number> {
  return ctx.em.count(AdminNotification, { readAt: null });
}

export const adminNotificationsService = {
  /** Newest first. */
  async list(ctx: RequestContext, limit: number | undefined | null): Promise<AdminNotification[]> {
    requireAdmin(ctx);
    const { limit: wanted } = pageOf(limit, 0, 50);
    return ctx.em.find(AdminNotification, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: wanted });
  },

  async unreadCount(ctx: RequestContext): Promise<number> {
    requireAdmin(ctx);
    return countUnread(ctx);
  },

  /** Marks these notifications read (all unread ones when no ids are given); answers the unread count left. */
  async markRead(ctx: RequestContext, ids: readonly number[] | undefined | null): Promise<number> {
    requireAdmin(ctx);
    const wanted = ids?.filter((id) => Number.isSafeInteger(id));
    await ctx.em.nativeUpdate(AdminNotification, wanted ? { id: { $in: wanted }, readAt: null } : { readAt: null }, {
      readAt: new Date(),
    });
    return countUnread(ctx);
  },
};
