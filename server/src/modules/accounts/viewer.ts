import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { UserRole, type User } from './user.entity';

registerEnumType(UserRole, { name: 'Role' });

/**
 * A user's fields as a client may see them: what the Viewer and the admin's AdminUser share. Only a base
 * class: no field returns it, so the schema has no type of this name.
 */
@ObjectType('UserFields', { simpleResolvers: true })
export abstract class UserFields {
  @Field(() => ID, { description: "The user's id (the spec's uid)." })
  id!: string;

  @Field(() => String)
  first!: string;

  @Field(() => String)
  last!: string;

  @Field(() => String, { nullable: true, description: 'Null for an account that signs in only with its phone number.' })
  email!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The mobile number (+254…) the account signs in with by SMS code.',
  })
  phone!: string | null;

  @Field(() => UserRole)
  role!: UserRole;
}

/** Just the fields a client may see, from a user or anything that has them (not the password hash, not a session). */
export function userFields({ id, first, last, email, phone, role }: UserFields): UserFields {
  return { id, first, last, email, phone, role };
}

/** Who is signed in, as the client may see it. */
@ObjectType('Viewer', { simpleResolvers: true })
export class Viewer extends UserFields {
  /** The session this request came with (not exposed). */
  sessionId!: string;
}

export function toViewer(user: User, sessionId: string): Viewer {
  return Object.assign(new Viewer(), userFields(user), { sessionId });
}

declare module '../../core/request-context' {
  interface RequestContext {
    /** Who is signed in (from the session cookie or a Bearer token), null for a guest. */
    viewer: Viewer | null;
  }
}
