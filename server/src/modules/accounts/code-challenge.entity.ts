import { Check, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * One sign-in code, e-mailed (sign-up) or sent by SMS (phone sign-in). The client holds `id` (the spec's hash); the code itself is stored only
 * as an HMAC with the server's secret. It expires, dies after five wrong tries, and is used once.
 */
@Entity({ tableName: 'code_challenges' })
@Index({ properties: ['email'] })
@Index({ properties: ['phone'] })
@Check({ name: 'code_challenges_email_or_phone', expression: 'num_nonnulls(email, phone) = 1' })
export class CodeChallenge {
  [OptionalProps]?: 'id' | 'attempts' | 'createdAt' | 'verifiedAt' | 'usedAt' | 'replacedAt' | 'email' | 'phone';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Where the code was e-mailed; null for a code sent by SMS. */
  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  /** The number (E.164) the code was sent to by SMS; null for an e-mailed code. */
  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

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
