import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity';

/**
 * One admin write (decision 0103): who (their id, and their name and role as they were), when, what, the target
 * before and after, and the request it came with. Written in the write's own transaction. Newest first by
 * (created_at, id): every index ends with both, so each filter pages by keyset.
 */
@Entity({ tableName: 'audit_log' })
@Index({ name: 'audit_log_created_at_id_index', properties: ['createdAt', 'id'] })
@Index({ name: 'audit_log_actor_id_created_at_id_index', properties: ['actor', 'createdAt', 'id'] })
@Index({ name: 'audit_log_action_created_at_id_index', properties: ['action', 'createdAt', 'id'] })
@Index({
  name: 'audit_log_target_created_at_id_index',
  properties: ['targetType', 'targetId', 'createdAt', 'id'],
})
export class AuditEntry {
  [OptionalProps]?: 'id' | 'targetId' | 'before' | 'after';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** Milliseconds, from the server's clock: the keyset cursor carries it exactly. */
  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  /** Null once the account is gone; the name and role below keep saying who it was. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  actor!: User | null;

  @Property({ type: 'text' })
  actorName!: string;

  @Property({ type: 'text' })
  actorRole!: string;

  /** The operation, named as the GraphQL mutation that does it (updateOrderStatus, refundOrder, inviteStaff…). */
  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'text', nullable: true })
  targetId: string | null = null;

  @Property({ type: 'jsonb', nullable: true })
  before: unknown = null;

  @Property({ type: 'jsonb', nullable: true })
  after: unknown = null;

  @Property({ type: 'text' })
  requestId!: string;
}
