import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { MutationPayload } from '../../core/payload';
import { UserRole } from '../accounts/user.entity';
import { TeamRole } from './staff-invitation.entity';

registerEnumType(TeamRole, { name: 'TeamRole', description: 'A role the owner may give: STAFF or MANAGER.' });

@ObjectType('TeamMember', { simpleResolvers: true })
export class TeamMemberView {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => UserRole, { description: 'ADMIN is the owner (ADMIN_EMAIL): never changed or removed here.' })
  role!: UserRole;

  @Field(() => Date, { nullable: true, description: 'When the owner invited them; null for the owner.' })
  invitedAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When they joined the team (took the invitation); the account date for the owner.',
  })
  joinedAt!: Date | null;
}

@ObjectType('StaffInvitation', { simpleResolvers: true })
export class StaffInvitationView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => TeamRole)
  role!: TeamRole;

  @Field(() => Date)
  invitedAt!: Date;
}

@ObjectType('Team', { simpleResolvers: true })
export class TeamView {
  @Field(() => [TeamMemberView], { description: 'The owner first, then the team by name.' })
  members!: TeamMemberView[];

  @Field(() => [StaffInvitationView], { description: 'Invitations nobody has taken yet, newest first.' })
  invitations!: StaffInvitationView[];
}

@ObjectType('InviteStaffPayload')
export class InviteStaffPayload extends MutationPayload {
  @Field(() => TeamMemberView, { nullable: true, description: 'The account that got the role at once, if it existed.' })
  member!: TeamMemberView | null;

  @Field(() => StaffInvitationView, {
    nullable: true,
    description: 'The invitation waiting for that address to sign in, when it has no account yet.',
  })
  invitation!: StaffInvitationView | null;
}

@ObjectType('TeamMemberPayload')
export class TeamMemberPayload extends MutationPayload {
  @Field(() => TeamMemberView, { nullable: true })
  member!: TeamMemberView | null;
}

@ObjectType('CancelStaffInvitationPayload')
export class CancelStaffInvitationPayload extends MutationPayload {
  @Field(() => ID, { nullable: true })
  cancelledId!: string | null;
}

@ObjectType('RemoveStaffPayload')
export class RemoveStaffPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The account taken off the team.' })
  removedId!: string | null;
}
