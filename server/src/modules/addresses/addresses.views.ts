import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '../../core/payload';

@ObjectType('SavedAddress', { simpleResolvers: true, description: "An address in the shopper's book (issue 26)." })
export class SavedAddressView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Who receives the parcel.' })
  recipient!: string;

  @Field(() => String, { description: 'E.164, +254…: the number the rider calls.' })
  phone!: string;

  @Field(() => String, { nullable: true, description: 'The area or estate.' })
  area!: string | null;

  @Field(() => String, { description: 'The street and building (house, floor, door).' })
  street!: string;

  @Field(() => String, { nullable: true, description: 'A landmark or directions for the rider.' })
  landmark!: string | null;

  @Field(() => String)
  city!: string;

  @Field(() => String, { nullable: true })
  postalCode!: string | null;

  @Field(() => Boolean, { description: 'The address checkout starts with.' })
  isDefault!: boolean;
}

@InputType('AddressInput')
export class AddressInput {
  @Field(() => String)
  recipient!: string;

  @Field(() => String)
  phone!: string;

  @Field(() => String, { nullable: true })
  area?: string | null;

  @Field(() => String)
  street!: string;

  @Field(() => String, { nullable: true })
  landmark?: string | null;

  @Field(() => String)
  city!: string;

  @Field(() => String, { nullable: true })
  postalCode?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Make it the default (the first address always is).' })
  isDefault?: boolean | null;
}

@ObjectType('SavedAddressPayload')
export class SavedAddressPayload extends MutationPayload {
  @Field(() => SavedAddressView, { nullable: true })
  address!: SavedAddressView | null;
}

export function toSavedAddressView(address: SavedAddressView): SavedAddressView {
  const { id, recipient, phone, area, street, landmark, city, postalCode, isDefault } = address;
  return Object.assign(new SavedAddressView(), {
    id,
    recipient,
    phone,
    area,
    street,
    landmark,
    city,
    postalCode,
    isDefault,
  });
}
