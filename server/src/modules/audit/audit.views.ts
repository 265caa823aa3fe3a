import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('AuditEntry', { simpleResolvers: true })
export class AuditEntryView {
  @Field(() => ID)
  id!: string;

  @Field(() => Date)
  at!: Date;

  @Field(() => ID, { nullable: true, description: 'Null once the account is gone; actorName still says who.' })
  actorId!: string | null;

  @Field(() => String, { description: 'Their name when they did it.' })
  actorName!: string;

  @Field(() => String, { description: 'Their role when they did it: STAFF, MANAGER or ADMIN (the owner).' })
  actorRole!: string;

  @Field(() => String, { description: 'The operation, named as its GraphQL mutation (updateOrderStatus…).' })
  action!: string;

  @Field(() => String, { description: 'order, product, product_size, category, review, discount_code, user…' })
  targetType!: string;

  @Field(() => String, { nullable: true })
  targetId!: string | null;

  @Field(() => String, { nullable: true, description: 'The target before, as JSON text (never a secret).' })
  before!: string | null;

  @Field(() => String, { nullable: true, description: 'The target after, as JSON text (never a secret).' })
  after!: string | null;

  @Field(() => String, { description: "The request's id, as in the server's logs." })
  requestId!: string;
}

@ObjectType('AuditLogPage', { simpleResolvers: true })
export class AuditLogPageView {
  @Field(() => [AuditEntryView], { description: 'Newest first.' })
  entries!: AuditEntryView[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next, older page; null on the last.' })
  nextCursor!: string | null;
}

@ObjectType('AuditActor', { simpleResolvers: true })
export class AuditActorView {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType('AuditLogFilters', { simpleResolvers: true })
export class AuditLogFiltersView {
  @Field(() => [String], { description: 'Every action the log holds.' })
  actions!: string[];

  @Field(() => [AuditActorView], { description: 'Everyone the log names who still has an account.' })
  actors!: AuditActorView[];
}
