import type { EntityManager } from '@mikro-orm/postgresql';
import { UserRole, type User } from '../accounts/user.entity';
import { StaffInvitation } from './staff-invitation.entity';

/**
 * Gives `user` the role of the owner's pending invitation of their e-mail address or phone number, if any (the newest),
 * and marks it taken: called on `em` by every registration and sign-in, before the session starts, so the first
 * session already has the role. The owner's account is never changed by an invitation. One statement.
 */
export async function joinTeamIfInvited(em: EntityManager, user: User): Promise<void> {
  if (user.role === UserRole.ADMIN) return;
  const addresses = [...(user.email ? [{ email: user.email }] : []), ...(user.phone ? [{ phone: user.phone }] : [])];
  if (addresses.length === 0) return;
  const invitation = await em.findOne(
    StaffInvitation,
    { $or: addresses, acceptedAt: null, cancelledAt: null },
    { orderBy: { createdAt: 'desc', id: 'asc' } },
  );
  if (!invitation) return;
  user.role = invitation.role as unknown as UserRole;
  invitation.acceptedAt = new Date();
  invitation.user = user;
}
