import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../accounts/user.entity';

/** The roles the owner may give: the owner's own role (ADMIN) comes only from ADMIN_EMAIL. */
export enum TeamRole {
  STAFF = 'STAFF',
  MANAGER = 'MANAGER',
}

/**
 * The owner's invitation of an e-mail address or a phone number to the team (decision 0102). Pending until that
 * address registers or signs in (then accepted, with the account) or the owner cancels it. An account that already
 * existed gets its role at once: its invitation is stored accepted, so the team page shows when each was invited.
 */
@Entity({ tableName: 'staff_invitations' })
@Check({ name: 'staff_invitations_email_or_phone', expression: 'email is not null or phone is not null' })
@Index({ properties: ['email'] })
@Index({ properties: ['phone'] })
@Index({ properties: ['user'] })
@Index({ properties: ['invitedBy'] })
export class StaffInvitation {
  [OptionalProps]?: 'id' | 'email' | 'phone' | 'createdAt' | 'acceptedAt' | 'cancelledAt' | 'user';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Trimmed and lower-cased, as accounts store it. */
  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  /** E.164 (+254…), as accounts store it. */
  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Enum({ items: () => TeamRole, nativeEnumName: undefined, type: 'text' })
  role!: TeamRole;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  invitedBy!: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  acceptedAt: Date | null = null;

  /** The account that took the invitation. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null = null;
}
