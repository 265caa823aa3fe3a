import { Arg, Authorized, Ctx, Field, Float, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import { transactionsAdminService } from './transactions-admin.service';

@ObjectType('PaymentTransaction', { simpleResolvers: true })
export class PaymentTransactionView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  orderId!: string;

  @Field(() => String)
  reference!: string;

  @Field(() => Int, { description: 'In cents of KES.' })
  amountCents!: number;

  @Field(() => String, { nullable: true, description: "mpesa or card; null when unknown (shown as 'N/A')." })
  paymentMethod!: string | null;

  @Field(() => String, { description: 'pending, completed or failed' })
  paymentStatus!: string;

  @Field(() => String, { nullable: true, description: 'Why a person must look at it (a refund), if so.' })
  flagReason!: string | null;

  @Field(() => String, {
    description: 'The order\'s lines with their sizes: "2 x Oud Savanna (5 ml decant · Eau de Parfum)".',
  })
  items!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('TransactionStats', { simpleResolvers: true })
export class TransactionStatsView {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  completed!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  failed!: number;

  @Field(() => Float, { description: 'In cents of KES (a whole number; Float for range).' })
  completedAmountCents!: number;

  @Field(() => Int, { description: 'Orders paid on delivery whose money is still to be collected at the door.' })
  toCollect!: number;

  @Field(() => Float, { description: "Those orders' totals, in cents of KES (a whole number; Float for range)." })
  toCollectCents!: number;
}

@ObjectType('AdminTransactionList', { simpleResolvers: true })
export class AdminTransactionListView {
  @Field(() => [PaymentTransactionView])
  transactions!: PaymentTransactionView[];

  @Field(() => Int)
  totalCount!: number;

  @Field(() => TransactionStatsView, { description: 'Figures over all transactions, whatever the search.' })
  stats!: TransactionStatsView;
}

@Resolver()
export class TransactionsAdminResolver {
  @Authorized(Permission.ORDERS)
  @Query(() => AdminTransactionListView, { description: 'Payments newest first: search by order id or method.' })
  async adminTransactions(
    @Ctx() ctx: RequestContext,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminTransactionListView> {
    return transactionsAdminService.list(ctx, { search, page: pageOf(limit, offset, 50) });
  }
}
