import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { Permission, requirePermission } from '../accounts/guards';
import { User } from '../accounts/user.entity';
import type { AdminUserView } from './admin.views';
import { toAdminUserView } from './admin.views';

export const usersAdminService = {
  /** Accounts newest first, without anything secret (the password hash is a hidden property). */
  async list(ctx: RequestContext, page: Page): Promise<AdminUserView[]> {
    requirePermission(ctx, Permission.STAFF);
    const users = await ctx.em.find(
      User,
      {},
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
    return users.map((user) => toAdminUserView(user));
  },
};
