import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../accounts/user.entity';

/**
 * An address in a shopper's book (issue 26): who receives, their phone, and what a rider needs to find the door
 * here: the street or building, the area or estate, and a landmark or directions. Only the recipient, phone,
 * street and city are required (an address saved from a checkout has no separate area); a Kenyan address seldom
 * has a postal code. One address per account may be the default (a partial unique index).
 */
@Entity({ tableName: 'saved_addresses' })
@Index({ properties: ['user', 'createdAt'] })
@Index({
  name: 'saved_addresses_one_default',
  expression: 'create unique index "saved_addresses_one_default" on "saved_addresses" ("user_id") where is_default',
})
export class SavedAddress {
  [OptionalProps]?: 'id' | 'area' | 'landmark' | 'postalCode' | 'isDefault' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'text' })
  recipient!: string;

  /** E.164, +254… */
  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'text', nullable: true })
  area: string | null = null;

  @Property({ type: 'text' })
  street!: string;

  @Property({ type: 'text', nullable: true })
  landmark: string | null = null;

  @Property({ type: 'text' })
  city!: string;

  @Property({ type: 'text', nullable: true })
  postalCode: string | null = null;

  @Property({ type: 'boolean', default: false })
  isDefault: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
