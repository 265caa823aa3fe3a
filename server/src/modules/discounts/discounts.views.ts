import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '../../core/payload';

@ObjectType('DiscountCode', { simpleResolvers: true })
export class DiscountCodeView {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'Upper-case; shoppers may type it in any case.' })
  code!: string;

  @Field(() => String, { description: 'percent or fixed' })
  kind!: string;

  @Field(() => Int, { description: 'A percentage (1–100) or cents of KES, by kind.' })
  value!: number;

  @Field(() => Int)
  minSubtotalCents!: number;

  @Field(() => Date, { nullable: true })
  startsAt!: Date | null;

  @Field(() => Date, { nullable: true })
  endsAt!: Date | null;

  @Field(() => Int, { nullable: true })
  maxUses!: number | null;

  @Field(() => Int, { nullable: true })
  maxUsesPerCustomer!: number | null;

  @Field(() => Boolean)
  firstOrderOnly!: boolean;

  @Field(() => [Int])
  categoryIds!: number[];

  @Field(() => [Int])
  productIds!: number[];

  @Field(() => Boolean)
  active!: boolean;

  @Field(() => String, { nullable: true, description: 'Only the account with this e-mail address may use it.' })
  email!: string | null;

  @Field(() => Int, { description: 'Orders placed with it and not cancelled.' })
  uses!: number;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('DiscountCodeList')
export class DiscountCodeListView {
  @Field(() => [DiscountCodeView])
  codes!: DiscountCodeView[];

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('DiscountCodePayload')
export class DiscountCodePayload extends MutationPayload {
  @Field(() => DiscountCodeView, { nullable: true })
  discountCode!: DiscountCodeView | null;
}

@InputType('DiscountCodeInput')
export class DiscountCodeInput {
  @Field(() => String)
  code!: string;

  @Field(() => String, { description: 'percent or fixed' })
  kind!: string;

  @Field(() => Int)
  value!: number;

  @Field(() => Int, { nullable: true })
  minSubtotalCents?: number | null;

  @Field(() => Date, { nullable: true })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true })
  endsAt?: Date | null;

  @Field(() => Int, { nullable: true })
  maxUses?: number | null;

  @Field(() => Int, { nullable: true })
  maxUsesPerCustomer?: number | null;

  @Field(() => Boolean, { nullable: true })
  firstOrderOnly?: boolean | null;

  @Field(() => [Int], { nullable: true })
  categoryIds?: number[] | null;

  @Field(() => [Int], { nullable: true })
  productIds?: number[] | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}
