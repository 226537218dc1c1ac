import { useState } from 'react';
import { DEFAULT_INVITE_ROLE } from '../../lib/domain/team';
import { PERMISSIONS, ROLES, type Permission, type Role, type TeamMember } from '../../lib/domain/types';
import { Avatar } from '../ui/Avatar';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Screen } from '../ui/Screen';
import { Select } from '../ui/Select';
import { showResult, toast } from '../ui/toast';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { BlockedNote, ScreenTitle } from '../settings/shared';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { adminBaseStyles } from '../settings/sharedStyles';
import { teamStyles } from './styles';
import { useTeamController } from './useTeamController';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role }));

export interface TeamProps {}

/** Human labels of the permission flags (spec §6). */
export const PERMISSION_LABEL: Record<Permission, string> = {
  editAutomations: 'Edit automations',
  sendOutreach: 'Send outreach',
  manageTeam: 'Manage team',
  viewAnalytics: 'View analytics',
};

/** Team members at /team (spec §2 "Team members", §4, §6). */
export function Team(_props: TeamProps) {
  return (
    <Screen name="Team Members" styles={adminBaseStyles + teamStyles} part="root">
      <TeamView />
    </Screen>
  );
}

/** The team table and dialogs; inside Settings (`embedded`) its title is an h2. */
export function TeamView({ embedded = false }: { embedded?: boolean }) {
  const team = useTeamController();
  const [inviting, setInviting] = useState(false);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const removing = team.members.find((m) => m.id === removingId);
  /** A change of the signed-in member's own role that takes rights away, waiting for confirmation. */
  const [selfDemotion, setSelfDemotion] = useState<Role | null>(null);
  const self = team.members.find((m) => m.id === team.currentMemberId);

  const columns: Column<TeamMember>[] = [
    {
      key: 'member',
      header: 'Member',
      render: (m) => (
        <span className="cf-member">
          <Avatar name={m.name} size={32} />
          <span>
            <span className="cf-member-name">
              {m.name}
              {m.id === team.currentMemberId && <span className="cf-muted"> (you)</span>}
            </span>
            <span className="cf-muted cf-member-email">{m.email}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (m) => (
        <Select
          aria-label={`Role of ${m.name}`}
          options={ROLE_OPTIONS}
          value={m.role}
          disabled={Boolean(team.roleBlocked(m))}
          title={team.roleBlocked(m) ?? undefined}
          onValueChange={(role) => {
            if (team.demotesSelf(m, role)) setSelfDemotion(role);
            else showResult(team.setRole(m.id, role));
          }}
        />
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (m) => <Badge color={m.status === 'Active' ? 'green' : 'yellow'}>{m.status}</Badge>,
    },
    {
      key: 'permissions',
      header: 'Permissions',
      render: (m) => (
        <fieldset className="cf-permissions">
          <legend className="cf-visually-hidden">Permissions of {m.name}</legend>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className="cf-check" title={team.permissionBlocked(m, permission) ?? undefined}>
              <input
                type="checkbox"
                checked={m.permissions[permission]}
                disabled={Boolean(team.permissionBlocked(m, permission))}
                title={team.permissionBlocked(m, permission) ?? undefined}
                aria-label={`${PERMISSION_LABEL[permission]} for ${m.name}`}
                onChange={() => showResult(team.togglePermission(m.id, permission))}
              />
              <span aria-hidden="true">{PERMISSION_LABEL[permission]}</span>
            </label>
          ))}
        </fieldset>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <Button
          size="small"
          variant="ghost"
          aria-label={`Remove ${m.name}`}
          disabledReason={team.removeBlocked(m)}
          onClick={() => setRemovingId(m.id)}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <div className="cf-stack" part="team">
      <div className="cf-row">
        <ScreenTitle embedded={embedded}>Team Members</ScreenTitle>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={team.blocked} onClick={() => setInviting(true)}>
          Invite Member
        </Button>
      </div>
      <BlockedNote reason={team.blocked} />
      <VirtualTable
        label="Team members"
        columns={columns}
        rows={team.members}
        rowKey={(m) => m.id}
        estimateRowHeight={96}
        empty={<strong>No team members yet</strong>}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} onInvite={team.invite} />
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemovingId(null)}
        title="Remove team member?"
        confirmLabel="Remove member"
        onConfirm={() => {
          if (removing) showResult(team.remove(removing.id));
          setRemovingId(null);
        }}
      >
        {removing && (
          <p>
            {removing.id === team.currentMemberId
              ? `You (${removing.email}) lose access to this workspace and are signed out.`
              : `${removing.name} (${removing.email}) loses access to this workspace.`}
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={selfDemotion !== null}
        onOpenChange={(open) => !open && setSelfDemotion(null)}
        title="Change your own role?"
        confirmLabel={`Make me ${selfDemotion ?? ''}`}
        onConfirm={() => {
          if (self && selfDemotion) showResult(team.setRole(self.id, selfDemotion));
          setSelfDemotion(null);
        }}
      >
        <p>
          As {selfDemotion === 'Viewer' ? 'a Viewer you can no longer change anything' : `an ${selfDemotion} you can no longer manage the team`} in this
          workspace. Only another member who can manage the team can give the rights back.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function InviteDialog({
  open,
  onOpenChange,
  onInvite,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onInvite: ReturnType<typeof useTeamController>['invite'];
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_INVITE_ROLE);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const close = (next: boolean) => {
    if (!next) {
      setEmail('');
      setRole(DEFAULT_INVITE_ROLE);
      setError(null);
      setLink(null);
    }
    onOpenChange(next);
  };
  async function submit() {
    if (sending) return;
    setSending(true);
    const result = await onInvite(email, role);
    setSending(false);
    if (!result.ok) {
      // Said inline, next to the form; a toast would say it twice inside the dialog.
      setError(result.error);
      return;
    }
    showResult(result);
    // With a team server the invitee needs the link; without one the member is recorded.
    if (result.value.inviteUrl) setLink(result.value.inviteUrl);
    else close(false);
  }
  if (link)
    return (
      <Dialog
        open={open}
        onOpenChange={close}
        title="Invitation link"
        footer={
          <>
            <Button onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success('Link copied'), () => toast.error('Copy the link from the field'))}>
              Copy link
            </Button>
            <Button variant="primary" onClick={() => close(false)}>
              Done
            </Button>
          </>
        }
      >
        <p>Send this link to {email.trim()}. It works once and expires in 7 days.</p>
        <div className="cf-field">
          <label htmlFor="cf-invite-link">Invitation link</label>
          <input id="cf-invite-link" className="cf-input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        </div>
      </Dialog>
    );
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Invite Member"
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary">
            Send Invitation
          </Button>
        </>
      }
    >
      <div className="cf-field">
        <label htmlFor="cf-invite-email">Email Address</label>
        <input
          id="cf-invite-email"
          className="cf-input"
          type="email"
          autoComplete="off"
          placeholder="name@company.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cf-invite-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="cf-field">
        <label htmlFor="cf-invite-role">Role</label>
        <Select id="cf-invite-role" options={ROLE_OPTIONS} value={role} onValueChange={(next) => setRole(next)} />
      </div>
      <p className="cf-muted">New members start as Pending. Editors can edit automations, send outreach and view analytics; Admins can also manage the team.</p>
      {error && (
        <p id="cf-invite-error" role="alert" className="cf-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
