import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { Permission } from '../accounts/guards';
import { TeamRole } from './staff-invitation.entity';
import { staffService } from './staff.service';
import {
  CancelStaffInvitationPayload,
  InviteStaffPayload,
  RemoveStaffPayload,
  TeamMemberPayload,
  TeamView,
} from './staff.views';

/** The owner's team page (/oxalis/staff): the owner only. */
@Resolver()
export class StaffResolver {
  @Authorized(Permission.STAFF)
  @Query(() => TeamView, { description: 'The owner and the team, and the invitations waiting.' })
  async team(@Ctx() ctx: RequestContext): Promise<TeamView> {
    return staffService.team(ctx);
  }

  @Authorized(Permission.STAFF)
  @Mutation(() => InviteStaffPayload, {
    description:
      'Adds an e-mail address or a Kenyan phone number (one of them) to the team with a role: an account with it ' +
      'gets the role at once, else the role waits until it registers or signs in. The invitee gets an e-mail or SMS.',
  })
  async inviteStaff(
    @Ctx() ctx: RequestContext,
    @Arg('role', () => TeamRole) role: TeamRole,
    @Arg('email', () => String, { nullable: true }) email?: string | null,
    @Arg('phone', () => String, { nullable: true }) phone?: string | null,
  ): Promise<InviteStaffPayload> {
    const { value, errors } = await withExpectedFailures(() => staffService.invite(ctx, { email, phone, role }));
    return { member: value?.member ?? null, invitation: value?.invitation ?? null, errors };
  }

  @Authorized(Permission.STAFF)
  @Mutation(() => TeamMemberPayload, { description: "A team member's role; the owner's cannot change." })
  async changeStaffRole(
    @Ctx() ctx: RequestContext,
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => TeamRole) role: TeamRole,
  ): Promise<TeamMemberPayload> {
    const { value, errors } = await withExpectedFailures(() => staffService.changeRole(ctx, userId, role), {
      notFoundField: 'userId',
    });
    return { member: value, errors };
  }

  @Authorized(Permission.STAFF)
  @Mutation(() => RemoveStaffPayload, {
    description: 'Takes a member off the team (a shopper again): their sessions lose the admin area at once.',
  })
  async removeStaff(@Ctx() ctx: RequestContext, @Arg('userId', () => ID) userId: string): Promise<RemoveStaffPayload> {
    const { value, errors } = await withExpectedFailures(() => staffService.remove(ctx, userId), {
      notFoundField: 'userId',
    });
    return { removedId: value, errors };
  }

  @Authorized(Permission.STAFF)
  @Mutation(() => CancelStaffInvitationPayload, { description: 'Withdraws an invitation nobody has taken yet.' })
  async cancelStaffInvitation(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
  ): Promise<CancelStaffInvitationPayload> {
    const { value, errors } = await withExpectedFailures(() => staffService.cancelInvitation(ctx, id), {
      notFoundField: 'id',
    });
    return { cancelledId: value, errors };
  }
}
