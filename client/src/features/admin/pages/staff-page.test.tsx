import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InviteStaffDocument, RemoveStaffDocument, TeamDocument } from '../api/staff.generated';
import { renderAdmin } from '../testing/render-admin';
import { StaffPage } from './staff-page';

const member = (id: string, name: string, role: string, joinedAt: string | null) => ({
  __typename: 'TeamMember' as const,
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.co.ke`,
  phone: null,
  role,
  invitedAt: role === 'ADMIN' ? null : '2025-03-01T09:00:00.000Z',
  joinedAt,
});

const owner = member('u1', 'Amina Odhiambo', 'ADMIN', '2025-01-10T09:00:00.000Z');
const packer = member('u2', 'Otieno Kamau', 'STAFF', '2025-03-02T09:00:00.000Z');
const waiting = {
  __typename: 'StaffInvitation' as const,
  id: 'i1',
  email: null,
  phone: '+254712000321',
  role: 'MANAGER',
  invitedAt: '2025-03-05T09:00:00.000Z',
};

const teamMock = (members = [owner, packer], invitations = [waiting]) => ({
  request: { query: TeamDocument },
  result: { data: { team: { __typename: 'Team' as const, members, invitations } } },
});

describe('StaffPage', () => {
  it('lists the owner and the team with roles and dates, and the invitations waiting', async () => {
    renderAdmin(<StaffPage />, { mocks: [teamMock()] });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const [, ownerRow, packerRow] = within(table).getAllByRole('row');
    expect(within(ownerRow!).getByText('Owner')).toBeVisible();
    // The owner cannot be changed or removed: no role choice, no button.
    expect(within(ownerRow!).queryByRole('combobox')).toBeNull();
    expect(within(ownerRow!).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(packerRow!).getByRole('combobox', { name: 'Role of Otieno Kamau' })).toHaveValue('STAFF');
    expect(within(packerRow!).getByText('2 Mar 2025')).toBeVisible();
    const invitations = screen.getByRole('list', { name: 'Waiting invitations' });
    expect(within(invitations).getByText(/\+254712000321 · Manager/)).toBeVisible();
    expect(within(invitations).getByRole('button', { name: 'Cancel invitation' })).toBeVisible();
  });

  it('invites by e-mail with a role and shows the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    renderAdmin(<StaffPage />, {
      mocks: [
        teamMock(),
        {
          request: {
            query: InviteStaffDocument,
            variables: { role: 'MANAGER', email: 'owner@manukato.example', phone: null },
          },
          result: {
            data: {
              inviteStaff: {
                __typename: 'InviteStaffPayload' as const,
                member: null,
                invitation: null,
                errors: [
                  {
                    __typename: 'FieldError' as const,
                    field: 'email',
                    code: 'OWNER_ROLE',
                    message: "This is the owner's account: the owner's role cannot be changed.",
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await screen.findByRole('table', { name: 'Team members' });
    await user.type(screen.getByLabelText('E-mail or phone (+254…)'), 'owner@manukato.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'MANAGER');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("the owner's role cannot be changed");
  });

  it('removes a member after confirming, and shows the team again', async () => {
    const user = userEvent.setup();
    renderAdmin(<StaffPage />, {
      mocks: [
        teamMock(),
        {
          request: { query: RemoveStaffDocument, variables: { userId: 'u2' } },
          result: {
            data: { removeStaff: { __typename: 'RemoveStaffPayload' as const, removedId: 'u2', errors: [] } },
          },
        },
        teamMock([owner], []),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Team members' });
    await user.click(within(table).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the team' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Otieno Kamau is no longer on the team')).toBeVisible();
    expect(await screen.findByText('No invitations waiting.')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Team members' })).getAllByRole('row')).toHaveLength(2);
  });
});
