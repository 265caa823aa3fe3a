import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { UserRole } from '../accounts/user.entity';
import { AdminUserView, DashboardView } from './admin.views';
import { dashboardService } from './dashboard.service';
import { usersAdminService } from './users-admin.service';

@Resolver()
export class AdminResolver {
  @Authorized(UserRole.ADMIN)
  @Query(() => DashboardView, { description: "The admin dashboard's figures, summed by the database." })
  async dashboard(@Ctx() ctx: RequestContext): Promise<DashboardView> {
    return dashboardService.dashboard(ctx);
  }

  @Authorized(UserRole.ADMIN)
  @Query(() => [AdminUserView], { description: 'Accounts, newest first.' })
  async adminUsers(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminUserView[]> {
    return usersAdminService.list(ctx, pageOf(limit, offset, 50));
  }
}
