import { useId, useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDate } from '../../../shared/format-date';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import {
  useCancelStaffInvitationMutation,
  useChangeStaffRoleMutation,
  useInviteStaffMutation,
  useRemoveStaffMutation,
  useTeamQuery,
  type TeamQuery,
} from '../api/staff.generated';
import { ConfirmDialog } from '../components/confirm-dialog';

type Member = TeamQuery['team']['members'][number];
/** The roles the owner gives (the schema's TeamRole). */
type TeamRole = 'STAFF' | 'MANAGER';

const roleNames: Record<string, string> = { ADMIN: 'Owner', MANAGER: 'Manager', STAFF: 'Staff' };
/** The team again after a change that went through; a refusal changed nothing, so nothing is asked again. */
const refetchTeam = {
  refetchQueries: (result: { data?: unknown }) => {
    const payload = Object.values((result.data ?? {}) as Record<string, { errors?: unknown[] } | null>)[0];
    return payload && (payload.errors?.length ?? 0) === 0 ? ['Team'] : [];
  },
  awaitRefetchQueries: true,
};

/** /oxalis/staff (decision 0102): the owner's team, the invitations waiting, and the invite form. Owner only. */
export function StaffPage() {
  const { data, error } = useTeamQuery({ fetchPolicy: 'cache-and-network' });
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeStaff, { loading: removingBusy }] = useRemoveStaffMutation(refetchTeam);
  const [changeRole] = useChangeStaffRoleMutation(refetchTeam);
  const [cancelInvitation] = useCancelStaffInvitationMutation(refetchTeam);
  const { showToast } = useToast();

  async function confirmRemove() {
    if (!removing) return;
    try {
      const { data: answer } = await removeStaff({ variables: { userId: removing.id } });
      const problem = answer?.removeStaff.errors[0]?.message;
      showToast(problem ?? `${removing.name} is no longer on the team`, { variant: problem ? 'error' : 'success' });
    } catch (failure) {
      showToast(serverMessageOr(failure, 'The change could not be saved'), { variant: 'error' });
    }
    setRemoving(null);
  }

  async function setRole(member: Member, role: TeamRole) {
    try {
      const { data: answer } = await changeRole({ variables: { userId: member.id, role } });
      const problem = answer?.changeStaffRole.errors[0]?.message;
      showToast(problem ?? `${member.name} is now ${roleNames[role]?.toLowerCase()}`, {
        variant: problem ? 'error' : 'success',
      });
    } catch (failure) {
      showToast(serverMessageOr(failure, 'The change could not be saved'), { variant: 'error' });
    }
  }

  async function cancel(id: string, address: string) {
    try {
      const { data: answer } = await cancelInvitation({ variables: { id } });
      const problem = answer?.cancelStaffInvitation.errors[0]?.message;
      showToast(problem ?? `Invitation for ${address} cancelled`, { variant: problem ? 'error' : 'success' });
    } catch (failure) {
      showToast(serverMessageOr(failure, 'The change could not be saved'), { variant: 'error' });
    }
  }

  const team = data?.team;
  return (
    <section className="admin-page">
      <PageMeta title="Staff" noIndex />
      <h1>Staff</h1>
      <p>
        Staff handle orders, delivery, stock and reviews. Managers can also change products, categories and discount
        codes, and refund payments. Only you, the owner, manage the team and the shop&apos;s settings.
      </p>
      <InviteForm />
      {!team ? (
        error ? (
          <p role="alert" className="admin-error">
            {serverMessageOr(error, 'Failed to fetch the team')}
          </p>
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : (
        <>
          <h2>Team</h2>
          <table className="admin-table" aria-label="Team members">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail or phone</th>
                <th scope="col">Role</th>
                <th scope="col">Invited</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {team.members.map((member) => (
                <tr key={member.id}>
                  <td>{member.name}</td>
                  <td>{member.email ?? member.phone}</td>
                  <td>
                    {member.role === 'ADMIN' ? (
                      roleNames.ADMIN
                    ) : (
                      <select
                        aria-label={`Role of ${member.name}`}
                        value={member.role}
                        onChange={(event) => void setRole(member, event.target.value as TeamRole)}
                      >
                        <option value="STAFF">Staff</option>
                        <option value="MANAGER">Manager</option>
                      </select>
                    )}
                  </td>
                  <td>{member.invitedAt ? formatDate(member.invitedAt) : '—'}</td>
                  <td>{member.joinedAt ? formatDate(member.joinedAt) : '—'}</td>
                  <td>
                    {member.role === 'ADMIN' ? null : (
                      <button type="button" className="button button--secondary" onClick={() => setRemoving(member)}>
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Waiting invitations</h2>
          {team.invitations.length === 0 ? (
            <p className="muted">No invitations waiting.</p>
          ) : (
            <ul className="admin-list" aria-label="Waiting invitations">
              {team.invitations.map((invitation) => {
                const address = invitation.email ?? invitation.phone ?? '';
                return (
                  <li key={invitation.id}>
                    {address} · {roleNames[invitation.role]} · invited {formatDate(invitation.invitedAt)}{' '}
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void cancel(invitation.id, address)}
                    >
                      Cancel invitation
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the team"
        confirmLabel="Remove"
        busy={removingBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing?.name} will lose the admin area at once. Their account stays, as a shopper&apos;s.</p>
      </ConfirmDialog>
    </section>
  );
}

function InviteForm() {
  const ids = { heading: useId(), address: useId(), role: useId(), problem: useId() };
  const [address, setAddress] = useState('');
  const [role, setRole] = useState<TeamRole>('STAFF');
  const [problem, setProblem] = useState('');
  const [invite, { loading }] = useInviteStaffMutation(refetchTeam);
  const { showToast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = address.trim();
    if (!value) return setProblem('Enter an e-mail address or a phone number.');
    setProblem('');
    const byEmail = value.includes('@');
    try {
      const { data } = await invite({
        variables: { role, email: byEmail ? value : null, phone: byEmail ? null : value },
      });
      const payload = data?.inviteStaff;
      if (!payload || payload.errors.length > 0)
        return setProblem(payload?.errors[0]?.message ?? 'The invitation was not sent');
      setAddress('');
      showToast(
        payload.member
          ? `${payload.member.name} is now ${roleNames[role]?.toLowerCase()}: we told them by ${byEmail ? 'e-mail' : 'SMS'}`
          : `Invitation sent to ${value}`,
        { variant: 'success' },
      );
    } catch (failure) {
      setProblem(serverMessageOr(failure, 'The invitation was not sent'));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="admin-form" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Invite someone</h2>
      <label htmlFor={ids.address}>E-mail or phone (+254…)</label>
      <input
        id={ids.address}
        value={address}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? ids.problem : undefined}
        onChange={(event) => setAddress(event.target.value)}
      />
      <label htmlFor={ids.role}>Role</label>
      <select id={ids.role} value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
        <option value="STAFF">Staff</option>
        <option value="MANAGER">Manager</option>
      </select>
      {problem ? (
        <p id={ids.problem} role="alert" className="admin-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={loading}>
        Send invitation
      </button>
    </form>
  );
}
