import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import { AdminUserView, DashboardView } from './admin.views';
import { dashboardService } from './dashboard.service';
import { salesDashboardService } from './sales-dashboard.service';
import { DashboardRangeInput, SalesDashboardView } from './sales-dashboard.views';
import { usersAdminService } from './users-admin.service';

@Resolver()
export class AdminResolver {
  @Authorized(Permission.ORDERS)
  @Query(() => DashboardView, { description: "The admin dashboard's figures, summed by the database." })
  async dashboard(@Ctx() ctx: RequestContext): Promise<DashboardView> {
    return dashboardService.dashboard(ctx);
  }

  @Authorized(Permission.REPORTS)
  @Query(() => SalesDashboardView, {
    description:
      'Paid revenue, orders, refunds, payment failures and best sellers over a range of Nairobi days, against the period before it (decision 0104).',
  })
  async salesDashboard(
    @Ctx() ctx: RequestContext,
    @Arg('range', () => DashboardRangeInput) range: DashboardRangeInput,
  ): Promise<SalesDashboardView> {
    return salesDashboardService.salesDashboard(ctx, range);
  }

  @Authorized(Permission.STAFF)
  @Query(() => [AdminUserView], { description: 'Accounts, newest first.' })
  async adminUsers(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminUserView[]> {
    return usersAdminService.list(ctx, pageOf(limit, offset, 50));
  }
}
