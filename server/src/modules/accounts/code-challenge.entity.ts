import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * One e-mailed sign-up code. The client holds `id` (the spec's hash); the code itself is stored only
 * as an HMAC with the server's secret. It expires, dies after five wrong tries, and is used once.
 */
@Entity({ tableName: 'code_challenges' })
@Index({ properties: ['email'] })
export class CodeChallenge {
  [OptionalProps]?: 'id' | 'attempts' | 'createdAt' | 'verifiedAt' | 'usedAt' | 'replacedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  codeHmac!: string;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the right code was entered: the proof registration asks for. */
  @Property({ type: 'timestamptz', nullable: true })
  verifiedAt: Date | null = null;

  /** Set when an account was created with it: a proof works once. */
  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  /** Set when a resend replaced it. */
  @Property({ type: 'timestamptz', nullable: true })
  replacedAt: Date | null = null;
}
