import { Field, ID, Int, ObjectType } from 'type-graphql';
import { ProductVariantView, ProductView } from '../catalog/catalog.views';

@ObjectType('CartLine', { simpleResolvers: true })
export class CartLineView {
  @Field(() => Int)
  id!: number;

  @Field(() => ProductView)
  product!: ProductView;

  @Field(() => ProductVariantView, { description: 'The size in the cart.' })
  variant!: ProductVariantView;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { description: "The size's current price a shopper pays, in cents of KES." })
  unitPriceCents!: number;

  @Field(() => Int)
  lineTotalCents!: number;
}

@ObjectType('Cart', { simpleResolvers: true })
export class CartView {
  @Field(() => ID, { description: "The owner's id, so Apollo's cache keeps one cart per shopper." })
  id!: string;

  @Field(() => [CartLineView])
  items!: CartLineView[];

  @Field(() => Int, { description: 'The sum of quantities (the header badge).' })
  totalQuantity!: number;

  @Field(() => Int)
  subtotalCents!: number;

  @Field(() => String, { nullable: true, description: 'The discount code applied to the cart, upper-case.' })
  discountCode!: string | null;

  @Field(() => Int, {
    description: 'What the applied code takes off today’s cart, in cents (0 when it does not apply).',
  })
  discountCents!: number;

  @Field(() => String, {
    nullable: true,
    description: 'Why the applied code takes nothing off this cart (e.g. the minimum is no longer met).',
  })
  discountProblem!: string | null;

  @Field(() => Int, {
    description: 'Subtotal minus the discount: what free delivery is judged on (decision 0056).',
  })
  discountedSubtotalCents!: number;

  @Field(() => Boolean, { description: 'Whether the discounted goods reach the free-delivery threshold.' })
  freeDelivery!: boolean;

  @Field(() => Int, { description: 'What more the discounted goods need for free delivery, in cents; 0 once free.' })
  freeDeliveryShortfallCents!: number;
}

@ObjectType('CartDeliveryQuote', {
  simpleResolvers: true,
  description: 'What this cart would cost delivered to one location, priced by the rules checkout charges by.',
})
export class CartDeliveryQuoteView {
  @Field(() => Int)
  deliveryLocationId!: number;

  @Field(() => Int, { description: 'The delivery fee charged: 0 when the discounted goods ship free.' })
  shippingFeeCents!: number;

  @Field(() => Int, { description: 'Discounted subtotal plus the delivery fee, in cents.' })
  totalCents!: number;

  @Field(() => Boolean, { description: 'Whether checkout would take this order paid at the door here (issue 26).' })
  payOnDelivery!: boolean;

  @Field(() => String, { nullable: true, description: 'Why it would not, in the words checkout refuses it with.' })
  payOnDeliveryRefusal!: string | null;
}
