import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../accounts/user.entity';

export enum DiscountKind {
  PERCENT = 'percent',
  FIXED = 'fixed',
}

/**
 * A discount code (decision 0056). `code` is stored upper-case, so it is unique whatever case a shopper types.
 * A use is an order placed with the code that is not cancelled: counted, never kept as a counter, so an
 * expired or cancelled order gives its use back without any path having to remember to.
 */
@Entity({ tableName: 'discount_codes' })
@Unique({ properties: ['code'] })
export class DiscountCode {
  [OptionalProps]?:
    | 'id'
    | 'minSubtotalCents'
    | 'startsAt'
    | 'endsAt'
    | 'maxUses'
    | 'maxUsesPerCustomer'
    | 'firstOrderOnly'
    | 'categoryIds'
    | 'productIds'
    | 'active'
    | 'email'
    | 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  code!: string;

  @Enum({ items: () => DiscountKind, type: 'text' })
  kind!: DiscountKind;

  /** A percentage (1–100) or cents of KES, by kind. */
  @Property({ type: 'integer' })
  value!: number;

  @Property({ type: 'integer', default: 0 })
  minSubtotalCents: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  startsAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  endsAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  maxUses: number | null = null;

  @Property({ type: 'integer', nullable: true })
  maxUsesPerCustomer: number | null = null;

  @Property({ type: 'boolean', default: false })
  firstOrderOnly: boolean = false;

  /** Empty: every category. Otherwise only lines of products in one of these count. */
  @Property({ type: 'json', default: '[]' })
  categoryIds: number[] = [];

  /** Empty: every product. Otherwise only these (or the categories above) count. */
  @Property({ type: 'json', default: '[]' })
  productIds: number[] = [];

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  /** When set (lower-case), only the account with this e-mail address may use the code. */
  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** The code a shopper applied to their cart, until they remove it or place the order. */
@Entity({ tableName: 'cart_discount_codes' })
@Index({ properties: ['discountCode'] })
export class CartDiscountCode {
  [OptionalProps]?: 'appliedAt';

  @ManyToOne({ entity: () => User, primary: true, deleteRule: 'cascade' })
  user!: User;

  @ManyToOne({ entity: () => DiscountCode, deleteRule: 'cascade' })
  discountCode!: DiscountCode;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  appliedAt: Date = new Date();
}
