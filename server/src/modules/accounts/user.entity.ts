import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export enum UserRole {
  USER = 'USER',
  ADMIN = 'ADMIN',
}

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'id' | 'role' | 'passwordHash' | 'googleSubject' | 'createdAt';

  /** The spec's uid. */
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  first!: string;

  @Property({ type: 'text' })
  last!: string;

  /** Trimmed and lower-cased. */
  @Property({ type: 'text', unique: true })
  email!: string;

  /** argon2id; null for an account that only signs in with Google. */
  @Property({ type: 'text', nullable: true, hidden: true })
  passwordHash: string | null = null;

  @Enum({ items: () => UserRole, nativeEnumName: undefined, type: 'text', default: UserRole.USER })
  role: UserRole = UserRole.USER;

  @Property({ type: 'text', nullable: true, unique: true })
  googleSubject: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
