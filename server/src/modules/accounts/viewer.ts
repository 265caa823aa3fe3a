import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { UserRole, type User } from './user.entity';

registerEnumType(UserRole, { name: 'Role' });

/** Who is signed in, as the client may see it. */
@ObjectType('Viewer', { simpleResolvers: true })
export class Viewer {
  @Field(() => ID, { description: "The user's id (the spec's uid)." })
  id!: string;

  @Field(() => String)
  first!: string;

  @Field(() => String)
  last!: string;

  @Field(() => String)
  email!: string;

  @Field(() => UserRole)
  role!: UserRole;

  /** The session this request came with (not exposed). */
  sessionId!: string;
}

export function toViewer(user: User, sessionId: string): Viewer {
  return Object.assign(new Viewer(), {
    id: user.id,
    first: user.first,
    last: user.last,
    email: user.email,
    role: user.role,
    sessionId,
  });
}
