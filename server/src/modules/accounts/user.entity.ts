import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** ADMIN is the owner (the configured ADMIN_EMAIL); STAFF and MANAGER are the team the owner invites (issue 27). */
export enum UserRole {
  USER = 'USER',
  STAFF = 'STAFF',
  MANAGER = 'MANAGER',
  ADMIN = 'ADMIN',
}

@Entity({ tableName: 'users' })
@Check({ name: 'users_email_or_phone', expression: 'email is not null or phone is not null' })
/** The team page reads the few team members among every shopper's account. */
@Index({ name: 'users_team_index', properties: ['role'], options: { where: "role <> 'USER'" } })
/** The dashboard's newest accounts, without reading every account. */
@Index({ name: 'users_created_at_id_index', properties: ['createdAt', 'id'] })
export class User {
  [OptionalProps]?:
    'id' | 'role' | 'passwordHash' | 'googleSubject' | 'createdAt' | 'email' | 'phone' | 'cartRemindersOffAt';

  /** The spec's uid. */
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  first!: string;

  @Property({ type: 'text' })
  last!: string;

  /** Trimmed and lower-cased; null for an account that signs in only with its phone number. */
  @Property({ type: 'text', nullable: true, unique: true })
  email: string | null = null;

  /** A Kenyan mobile number in E.164 (+254…), proven by an SMS code; null until one is. */
  @Property({ type: 'text', nullable: true, unique: true })
  phone: string | null = null;

  /** argon2id; null for an account that only signs in with Google. */
  @Property({ type: 'text', nullable: true, hidden: true })
  passwordHash: string | null = null;

  @Enum({ items: () => UserRole, nativeEnumName: undefined, type: 'text', default: UserRole.USER })
  role: UserRole = UserRole.USER;

  @Property({ type: 'text', nullable: true, unique: true })
  googleSubject: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When the shopper turned cart reminders off (the link in one, decision 0105); null: they are on. */
  @Property({ type: 'timestamptz', nullable: true })
  cartRemindersOffAt: Date | null = null;
}
