import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DeliveryLocation')
@Entity({ tableName: 'delivery_locations' })
export class DeliveryLocation {
  [OptionalProps]?: 'position' | 'payOnDelivery' | 'payOnDeliveryMaxCents';

  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text', unique: true })
  name!: string;

  @Field(() => Int, { description: 'Delivery fee in cents of KES.' })
  @Property({ type: 'integer' })
  feeCents!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  deliveryTime!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Field(() => Boolean, { description: 'Whether an order delivered here may be paid at the door (issue 26).' })
  @Property({ type: 'boolean', default: false })
  payOnDelivery: boolean = false;

  @Field(() => Int, { description: 'The largest order total, in cents of KES, that may be paid at the door here.' })
  @Property({ type: 'integer', default: 2_000_000 })
  payOnDeliveryMaxCents: number = 2_000_000;
}
