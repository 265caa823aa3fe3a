import { Field, Float, Int, ObjectType } from 'type-graphql';
import { UserFields, userFields } from '../accounts/viewer';
import { ProductView } from '../catalog/catalog.views';

/** An account in the admin's lists: the Viewer's fields and when it was made. */
@ObjectType('AdminUser', { simpleResolvers: true })
export class AdminUserView extends UserFields {
  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('TopProduct', { simpleResolvers: true })
export class TopProductView {
  @Field(() => Int)
  productId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  quantitySold!: number;

  @Field(() => Float, { description: 'In cents of KES (a whole number).' })
  revenueCents!: number;
}

@ObjectType('Dashboard', { simpleResolvers: true })
export class DashboardView {
  @Field(() => Int, { description: 'Products in the shop (archived ones not counted).' })
  totalProducts!: number;

  @Field(() => Int)
  pendingOrders!: number;

  @Field(() => Int)
  deliveredOrders!: number;

  @Field(() => Int)
  cancelledOrders!: number;

  @Field(() => Float, {
    description:
      "Total Sales: the sum of delivered orders' totals only (spec §9), in cents of KES: a whole number, Float only for range. Paid revenue by range is salesDashboard's.",
  })
  totalSalesCents!: number;

  @Field(() => Int, { description: 'Orders paid on delivery whose money is still to be collected at the door.' })
  toCollectOrders!: number;

  @Field(() => Float, { description: "Those orders' totals, in cents of KES: a whole number, Float only for range." })
  toCollectCents!: number;

  @Field(() => [ProductView], {
    description: 'The 20 products lowest in stock at or below the low-stock threshold, lowest first.',
  })
  lowStockProducts!: ProductView[];

  @Field(() => Int, {
    description: 'All products at or below the threshold (adminProducts(lowStock: true) pages through them).',
  })
  lowStockCount!: number;

  @Field(() => Int)
  lowStockThreshold!: number;

  @Field(() => [AdminUserView], { description: 'The 5 newest accounts.' })
  recentUsers!: AdminUserView[];
}

/** A user entity, or a row of SQL's JSON (where the date comes as text). */
export interface UserRow extends UserFields {
  createdAt: Date | string;
}

export function toAdminUserView(user: UserRow): AdminUserView {
  return Object.assign(new AdminUserView(), userFields(user), { createdAt: new Date(user.createdAt) });
}
