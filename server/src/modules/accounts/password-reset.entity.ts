import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/** A single-use password-reset link, stored as the hash of its token. */
@Entity({ tableName: 'password_resets' })
export class PasswordReset {
  [OptionalProps]?: 'id' | 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;
}
