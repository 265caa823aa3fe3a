import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isValidEmail, normaliseEmail } from '../../config/email-address';
import { invalidKenyanMobileMessage, kenyanMobile } from '../../shared/kenyan-mobile';
import { isUuid } from '../../shared/uuid';
import { displayName } from '../accounts/display-name';
import { Permission, requirePermission } from '../accounts/guards';
import { User, UserRole } from '../accounts/user.entity';
import { recordAudit } from '../audit/audit-log';
import { renderStaffInvitationEmail } from '../notifications/emails/staff-invitation-email';
import { teamSms } from '../notifications/emails/sms-texts';
import { queueEmail, queueSms } from '../notifications/notifications.service';
import { StaffInvitation, TeamRole } from './staff-invitation.entity';
import type { StaffInvitationView, TeamMemberView, TeamView } from './staff.views';

/** A team page is a handful of people; the cap only bounds what one request can ask for. */
const teamLimit = 500;

export const roleNames: Record<UserRole, string> = {
  [UserRole.USER]: 'shopper',
  [UserRole.STAFF]: 'staff',
  [UserRole.MANAGER]: 'manager',
  [UserRole.ADMIN]: 'owner',
};

interface MemberRow {
  id: string;
  first: string;
  last: string;
  email: string | null;
  phone: string | null;
  role: UserRole;
  created_at: Date | string;
  invited_at: Date | string | null;
  joined_at: Date | string | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function memberView(row: MemberRow): TeamMemberView {
  return {
    id: row.id,
    name: displayName(row),
    email: row.email,
    phone: row.phone,
    role: row.role,
    // The driver hands timestamps of raw statements over as text.
    invitedAt: dateOrNull(row.invited_at),
    joinedAt: dateOrNull(row.joined_at ?? (row.role === UserRole.ADMIN ? row.created_at : null)),
  };
}

function invitationView(invitation: StaffInvitation): StaffInvitationView {
  const { id, email, phone, role, createdAt } = invitation;
  return { id, email, phone, role, invitedAt: createdAt };
}

const memberSql = `select u.id, u.first, u.last, u.email, u.phone, u.role, u.created_at,
         i.created_at as invited_at, i.accepted_at as joined_at
    from users u
    left join lateral (select created_at, accepted_at from staff_invitations
                        where user_id = u.id and accepted_at is not null
                        order by accepted_at desc limit 1) i on true`;

async function memberOf(em: EntityManager, userId: string): Promise<TeamMemberView> {
  const [row] = await em.execute<MemberRow[]>(`${memberSql} where u.id = ?`, [userId]);
  if (!row) throw AppError.notFound('Team member not found');
  return memberView(row);
}

const ownerRefusal = (field: string) =>
  AppError.field(field, 'OWNER_ROLE', "This is the owner's account: the owner's role cannot be changed.");

/** The e-mail address or the phone number an invitation names: exactly one, normalised as accounts store them. */
function inviteeAddress(input: { email?: unknown; phone?: unknown }): { email: string | null; phone: string | null } {
  const hasEmail = typeof input.email === 'string' && input.email.trim() !== '';
  const hasPhone = typeof input.phone === 'string' && input.phone.trim() !== '';
  if (hasEmail === hasPhone)
    throw AppError.field('email', 'REQUIRED', 'Enter an e-mail address or a phone number (one of them).');
  if (hasEmail) {
    const email = normaliseEmail(input.email);
    if (!email || !isValidEmail(email))
      throw AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');
    return { email, phone: null };
  }
  const phone = kenyanMobile(input.phone);
  if (!phone) throw AppError.field('phone', 'INVALID_PHONE', invalidKenyanMobileMessage);
  return { email: null, phone };
}

function teamRole(value: unknown): TeamRole {
  if (value === TeamRole.STAFF || value === TeamRole.MANAGER) return value;
  throw AppError.field('role', 'INVALID_INPUT', 'Choose staff or manager.');
}

/** A team member (not the owner, not a shopper) under a row lock, for a change of role. */
async function lockMember(ctx: RequestContext, em: EntityManager, userId: unknown): Promise<User> {
  if (!isUuid(userId)) throw AppError.notFound('Team member not found');
  const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user || user.role === UserRole.USER) throw AppError.notFound('Team member not found');
  if (user.role === UserRole.ADMIN || (user.email !== null && user.email === ctx.config.adminEmail))
    throw ownerRefusal('userId');
  return user;
}

/**
 * The owner's team (decision 0102): invitations by e-mail or phone with a role, changes of role, removal. Only the
 * owner (Permission.STAFF) may call any of it; every change is in the audit log. A role change or removal takes
 * effect on the member's very next request: the viewer's role is read from the database on every request.
 */
export const staffService = {
  /** The team and the invitations waiting: two statements whatever their number. */
  async team(ctx: RequestContext): Promise<TeamView> {
    requirePermission(ctx, Permission.STAFF);
    const [rows, invitations] = await Promise.all([
      ctx.em.execute<MemberRow[]>(
        `${memberSql} where u.role <> 'USER' order by u.role = 'ADMIN' desc, u.first, u.last, u.id limit ${teamLimit}`,
      ),
      ctx.em.find(
        StaffInvitation,
        { acceptedAt: null, cancelledAt: null },
        { orderBy: { createdAt: 'desc', id: 'asc' }, limit: teamLimit },
      ),
    ]);
    return { members: rows.map(memberView), invitations: invitations.map(invitationView) };
  },

  /**
   * An account with this address gets the role at once; otherwise an invitation waits until the address registers
   * or signs in (accounts call joinTeamIfInvited). A new invitation of the same address replaces a waiting one. The
   * invitee is told by e-mail or SMS, queued in the same transaction.
   */
  async invite(
    ctx: RequestContext,
    input: { email?: unknown; phone?: unknown; role?: unknown },
  ): Promise<{ member: TeamMemberView | null; invitation: StaffInvitationView | null }> {
    const owner = requirePermission(ctx, Permission.STAFF);
    const role = teamRole(input.role);
    const { email, phone } = inviteeAddress(input);
    if (email !== null && email === ctx.config.adminEmail) throw ownerRefusal('email');
    const outcome = await ctx.em.transactional(async (em) => {
      const user = await em.findOne(User, email ? { email } : { phone }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (user?.role === UserRole.ADMIN) throw ownerRefusal(email ? 'email' : 'phone');
      const now = new Date();
      await em.nativeUpdate(
        StaffInvitation,
        { ...(email ? { email } : { phone }), acceptedAt: null, cancelledAt: null },
        { cancelledAt: now },
      );
      const invitation = em.create(StaffInvitation, {
        email,
        phone,
        role,
        invitedBy: em.getReference(User, owner.id),
        user: user ?? null,
        acceptedAt: user ? now : null,
      });
      const roleBefore = user?.role ?? null;
      if (user) user.role = role as unknown as UserRole;
      if (email) {
        const rendered = await renderStaffInvitationEmail({
          publicUrl: ctx.config.publicUrl,
          roleName: roleNames[role as unknown as UserRole],
          invitedBy: displayName(owner),
          hasAccount: user !== null,
        });
        queueEmail(em, { to: email, ...rendered });
      } else if (phone) {
        queueSms(em, phone, teamSms.invited(roleNames[role as unknown as UserRole], ctx.config.publicUrl));
      }
      recordAudit(ctx, em, {
        action: 'inviteStaff',
        targetType: user ? 'user' : 'staff_invitation',
        targetId: user ? user.id : invitation.id,
        before: user ? { role: roleBefore } : null,
        after: { email, phone, role, joined: user !== null },
      });
      await em.flush();
      return { userId: user?.id ?? null, invitation };
    });
    return {
      member: outcome.userId ? await memberOf(ctx.em, outcome.userId) : null,
      invitation: outcome.userId ? null : invitationView(outcome.invitation),
    };
  },

  async changeRole(ctx: RequestContext, userId: unknown, rawRole: unknown): Promise<TeamMemberView> {
    requirePermission(ctx, Permission.STAFF);
    const role = teamRole(rawRole);
    await ctx.em.transactional(async (em) => {
      const user = await lockMember(ctx, em, userId);
      recordAudit(ctx, em, {
        action: 'changeStaffRole',
        targetType: 'user',
        targetId: user.id,
        before: { role: user.role },
        after: { role },
      });
      user.role = role as unknown as UserRole;
    });
    return memberOf(ctx.em, String(userId));
  },

  /** Back to a shopper's account: the admin area closes for them on their next request, on every instance. */
  async remove(ctx: RequestContext, userId: unknown): Promise<string> {
    requirePermission(ctx, Permission.STAFF);
    return ctx.em.transactional(async (em) => {
      const user = await lockMember(ctx, em, userId);
      recordAudit(ctx, em, {
        action: 'removeStaff',
        targetType: 'user',
        targetId: user.id,
        before: { role: user.role },
        after: { role: UserRole.USER },
      });
      user.role = UserRole.USER;
      return user.id;
    });
  },

  async cancelInvitation(ctx: RequestContext, invitationId: unknown): Promise<string> {
    requirePermission(ctx, Permission.STAFF);
    if (!isUuid(invitationId)) throw AppError.notFound('Invitation not found');
    return ctx.em.transactional(async (em) => {
      const invitation = await em.findOne(
        StaffInvitation,
        { id: invitationId, acceptedAt: null, cancelledAt: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!invitation) throw AppError.notFound('Invitation not found');
      invitation.cancelledAt = new Date();
      recordAudit(ctx, em, {
        action: 'cancelStaffInvitation',
        targetType: 'staff_invitation',
        targetId: invitation.id,
        before: { email: invitation.email, phone: invitation.phone, role: invitation.role, pending: true },
        after: { pending: false },
      });
      return invitation.id;
    });
  },
};
