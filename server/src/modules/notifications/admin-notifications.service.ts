import type { RequestContext } from '../../http/request-context';
import { AppError, FieldError } from '../../http/errors';
import { requireAdmin } from '../accounts/guards';
import { AdminNotification } from './admin-notification.entity';

export const maxNotificationsListed = 100;

async function countUnread(ctx: RequestContext): Promise<number> {
  return ctx.em.count(AdminNotification, { readAt: null });
}

export const adminNotificationsService = {
  /** Newest first. */
  async list(ctx: RequestContext, limit: number | undefined | null): Promise<AdminNotification[]> {
    requireAdmin(ctx);
    const wanted = limit ?? 50;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > maxNotificationsListed) {
      throw AppError.badInput([
        FieldError.of('limit', 'OUT_OF_RANGE', `limit must be between 1 and ${maxNotificationsListed}`),
      ]);
    }
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
