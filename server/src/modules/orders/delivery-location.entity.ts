import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DeliveryLocation')
@Entity({ tableName: 'delivery_locations' })
export class DeliveryLocation {
  [OptionalProps]?: 'position';

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
}
