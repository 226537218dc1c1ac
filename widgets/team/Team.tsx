import { useState } from 'react';
import { DEFAULT_INVITE_ROLE } from '../../lib/domain/team';
import { PERMISSIONS, ROLES, type Permission, type Role, type TeamMember } from '../../lib/domain/types';
import { Avatar } from '../ui/Avatar';
import { useT } from '../ui/i18n';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Screen } from '../ui/Screen';
import { Select } from '../ui/Select';
import { showResult, toast } from '../ui/toast';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { adminBaseStyles } from '../ui/adminStyles';
import { teamStyles } from './styles';
import { useTeamController } from './useTeamController';
import { useFormResult } from '../ui/useFormResult';

/** The roles in the screen's language; the value stays the stored English role. */
function useRoleOptions() {
  const { t } = useT();
  return ROLES.map((role) => ({ value: role, label: t(`team.role.${role}`) }));
}

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
  const { t } = useT();
  const roleOptions = useRoleOptions();
  /** A Pending member's new link, shown to copy after Resend / New link. */
  const [reissued, setReissued] = useState<{ email: string; link: string; emailSent: boolean } | null>(null);
  async function resend(m: TeamMember) {
    const result = await team.resend(m.id);
    if (showResult(result)) setReissued({ email: m.email, link: result.value.inviteUrl, emailSent: result.value.emailSent });
  }
  /** Why a box is fixed, or null. */
  const permissionReason = (m: TeamMember, permission: Permission) => team.permissionBlocked(m, permission);

  const columns: Column<TeamMember>[] = [
    {
      key: 'member',
      header: t('team.col.member'),
      render: (m) => (
        <span className="cf-member">
          <Avatar name={m.name} size={32} />
          <span>
            <span className="cf-member-name">
              {m.name}
              {m.id === team.currentMemberId && <span className="cf-muted"> {t('team.you')}</span>}
            </span>
            <span className="cf-muted cf-member-email">{m.email}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'role',
      header: t('team.col.role'),
      render: (m) => (
        <Select
          aria-label={t('team.roleOf', { name: m.name })}
          options={roleOptions}
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
      header: t('team.col.status'),
      render: (m) =>
        team.invitationExpired(m) ? (
          <Badge color="red">{t('team.expired')}</Badge>
        ) : (
          <Badge color={m.status === 'Active' ? 'green' : 'yellow'}>{t(`team.status.${m.status}`)}</Badge>
        ),
    },
    {
      key: 'permissions',
      header: t('team.col.permissions'),
      render: (m) => (
        <fieldset className="cf-permissions">
          <legend className="cf-visually-hidden">{t('team.permissionsOf', { name: m.name })}</legend>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className="cf-check" title={permissionReason(m, permission) ?? undefined}>
              <input
                type="checkbox"
                checked={m.permissions[permission]}
                disabled={Boolean(team.permissionBlocked(m, permission))}
                title={permissionReason(m, permission) ?? undefined}
                aria-label={t('team.permissionFor', { permission: t(`team.permission.${permission}`), name: m.name })}
                onChange={() => showResult(team.togglePermission(m.id, permission))}
              />
              <span aria-hidden="true">{t(`team.permission.${permission}`)}</span>
            </label>
          ))}
        </fieldset>
      ),
    },
    {
      key: 'actions',
      header: t('team.col.actions'),
      render: (m) => (
        <span className="cf-row">
          {m.status === 'Pending' && team.canResend && (
            <Button
              size="small"
              aria-label={t(team.invitationExpired(m) ? 'team.newLinkLabel' : 'team.resendLabel', { email: m.email })}
              disabledReason={team.blocked}
              onClick={() => void resend(m)}
            >
              {t(team.invitationExpired(m) ? 'team.newLink' : 'team.resend')}
            </Button>
          )}
          <Button
            size="small"
            variant="ghost"
            aria-label={t('team.removeLabel', { name: m.name })}
            disabledReason={team.removeBlocked(m)}
            onClick={() => setRemovingId(m.id)}
          >
            {t('team.remove')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="cf-stack" part="team">
      <div className="cf-row">
        <ScreenTitle embedded={embedded}>{t('team.title')}</ScreenTitle>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={team.blocked} onClick={() => setInviting(true)}>
          {t('team.invite')}
        </Button>
      </div>
      <BlockedNote reason={team.blocked} />
      <VirtualTable
        label={t('team.tableLabel')}
        columns={columns}
        rows={team.members}
        rowKey={(m) => m.id}
        estimateRowHeight={96}
        empty={<strong>{t('team.empty')}</strong>}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} onInvite={team.invite} />
      {reissued && <InvitationLinkDialog open onOpenChange={(open) => !open && setReissued(null)} {...reissued} />}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemovingId(null)}
        title={t('team.removeTitle')}
        confirmLabel={t('team.removeConfirm')}
        onConfirm={() => {
          if (removing) showResult(team.remove(removing.id));
          setRemovingId(null);
        }}
      >
        {removing && (
          <p>
            {removing.id === team.currentMemberId
              ? t('team.removeSelfBody', { email: removing.email })
              : t('team.removeBody', { name: removing.name, email: removing.email })}
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={selfDemotion !== null}
        onOpenChange={(open) => !open && setSelfDemotion(null)}
        title={t('team.demoteTitle')}
        confirmLabel={t('team.makeMe', { role: selfDemotion ? t(`team.role.${selfDemotion}`) : '' })}
        onConfirm={() => {
          if (self && selfDemotion) showResult(team.setRole(self.id, selfDemotion));
          setSelfDemotion(null);
        }}
      >
        <p>{t('team.demoteBody', { role: selfDemotion ?? '', roleName: selfDemotion ? t(`team.role.${selfDemotion}`) : '' })}</p>
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
  const { error, errorText, setError, finish } = useFormResult();
  const [link, setLink] = useState<{ url: string; emailSent: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const { t } = useT();
  const roleOptions = useRoleOptions();
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
    if (!finish(result)) return;
    // With a team server the invitee needs the link; without one the member is recorded.
    if (result.value.inviteUrl) setLink({ url: result.value.inviteUrl, emailSent: result.value.emailSent === true });
    else close(false);
  }
  if (link) return <InvitationLinkDialog open={open} onOpenChange={close} email={email.trim()} link={link.url} emailSent={link.emailSent} />;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('team.invite')}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={() => close(false)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('team.send')}
          </Button>
        </>
      }
    >
      <div className="cf-field">
        <label htmlFor="cf-invite-email">{t('team.email')}</label>
        <input
          id="cf-invite-email"
          className="cf-input"
          type="email"
          autoComplete="off"
          placeholder={t('team.emailPlaceholder')}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cf-invite-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="cf-field">
        <label htmlFor="cf-invite-role">{t('team.col.role')}</label>
        <Select id="cf-invite-role" options={roleOptions} value={role} onValueChange={(next) => setRole(next)} />
      </div>
      <p className="cf-muted">{t('team.inviteNote')}</p>
      {error && (
        <p id="cf-invite-error" role="alert" className="cf-error">
          {errorText}
        </p>
      )}
    </Dialog>
  );
}

/** The invitation's link to copy; it says whether the invitation was also emailed. */
function InvitationLinkDialog({ open, onOpenChange, email, link, emailSent }: { open: boolean; onOpenChange(open: boolean): void; email: string; link: string; emailSent: boolean }) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('team.linkTitle')}
      footer={
        <>
          <Button onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success(t('team.linkCopied')), () => toast.error(t('team.copyFromField')))}>
            {t('team.copyLink')}
          </Button>
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            {t('team.done')}
          </Button>
        </>
      }
    >
      <p>{emailSent ? t('team.linkBodySent', { email }) : t('team.linkBody', { email })}</p>
      <div className="cf-field">
        <label htmlFor="cf-invite-link">{t('team.linkTitle')}</label>
        <input id="cf-invite-link" className="cf-input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      </div>
    </Dialog>
  );
}
