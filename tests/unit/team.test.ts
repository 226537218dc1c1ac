import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeRole, inviteMember, keepsATeamManager, lockedPermissionReason, togglePermission, validateInviteEmail } from '../../lib/domain/team';
import { PERMISSIONS, ROLES } from '../../lib/domain/types';
import { createStore } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { sampleTeam } from '../../lib/sample/workspace';

const team = sampleTeam();

describe('team rules', () => {
  it('invite: email required, valid, not already on the team', () => {
    expect(validateInviteEmail('  ', team)).toMatchObject({ ok: false, error: 'Please enter an email address' });
    expect(validateInviteEmail('nope', team)).toMatchObject({ ok: false, error: 'nope is not a valid email address' });
    expect(validateInviteEmail('JAMIE.SMITH@creatorflow.example', team).ok).toBe(false);
  });
  it('a new member is Pending, Editor by default, with editAutomations, sendOutreach and viewAnalytics on', () => {
    const result = inviteMember('new@x.example', team, 'tm_9');
    expect(result).toMatchObject({
      ok: true,
      message: 'Invitation sent successfully',
      value: { status: 'Pending', role: 'Editor', permissions: { editAutomations: true, sendOutreach: true, manageTeam: false, viewAnalytics: true } },
    });
  });
  it('role Admin turns manageTeam on, any other role off (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.constantFrom(...ROLES), (from, to) => {
        const member = changeRole(changeRole(team[1], from), to);
        expect(member.permissions.manageTeam).toBe(to === 'Admin');
      }),
    );
  });
  it('permission checkboxes toggle one flag only, unless the role fixes it (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.constantFrom(...PERMISSIONS), (role, permission) => {
        const member = changeRole(team[1], role);
        const result = togglePermission(member, permission);
        const locked = lockedPermissionReason(role, permission);
        if (locked) {
          expect(result).toMatchObject({ ok: false, error: locked });
          return;
        }
        if (!result.ok) throw new Error(result.error);
        for (const p of PERMISSIONS) expect(result.value.permissions[p]).toBe(p === permission ? !member.permissions[p] : member.permissions[p]);
      }),
    );
  });
  it('flags follow the role: Admin implies manageTeam, a Viewer holds no flag that changes anything (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ROLES), { minLength: 1, maxLength: 6 }), (roles) => {
        const member = roles.reduce((m, role) => changeRole(m, role), team[1]);
        if (member.role === 'Admin') expect(member.permissions.manageTeam).toBe(true);
        if (member.role === 'Viewer') expect(member.permissions).toMatchObject({ editAutomations: false, sendOutreach: false, manageTeam: false });
      }),
    );
  });
  it('says a permission change in words', () => {
    const result = togglePermission(team[1], 'manageTeam');
    expect(result).toMatchObject({ ok: true, message: 'Jamie Smith can now manage the team' });
  });
  it('the team always keeps an active member who can manage it', () => {
    expect(keepsATeamManager(team, 'tm_1', null)).toBe(false);
    expect(keepsATeamManager(team, 'tm_1', changeRole(team[0], 'Editor'))).toBe(false);
    expect(keepsATeamManager(team, 'tm_2', null)).toBe(true);
  });
});

describe('team actions', () => {
  async function makeStore() {
    const store = createStore({ storage: createMemoryStorage(), now: () => new Date('2026-03-10T12:00:00Z') });
    await store.loaded;
    return store;
  }
  it('invites, changes a role, toggles a permission and removes, each logged', async () => {
    const store = await makeStore();
    const invited = store.team.invite('casey@x.example', 'Viewer');
    expect(invited.ok).toBe(true);
    const id = invited.ok ? invited.value.id : '';
    expect(store.team.setRole(id, 'Admin')).toMatchObject({ ok: true, value: { role: 'Admin', permissions: { manageTeam: true } } });
    expect(store.team.togglePermission(id, 'sendOutreach')).toMatchObject({ ok: true, value: { permissions: { sendOutreach: false } }, message: 'casey can no longer send outreach' });
    expect(store.team.togglePermission(id, 'manageTeam')).toMatchObject({ ok: false, error: 'Admins always manage the team' });
    expect(store.team.remove(id)).toMatchObject({ ok: true, message: 'Team member removed' });
    expect(store.admin.activity.items.value.slice(0, 4).map((e) => e.action)).toEqual(['Member removed', 'Permission changed', 'Role changed', 'Member invited']);
  });
  it('refuses to demote or remove the last manager', async () => {
    const store = await makeStore();
    expect(store.team.setRole('tm_1', 'Editor').ok).toBe(false);
    expect(store.team.members.get('tm_1')?.role).toBe('Admin');
  });
  it('members without manageTeam cannot change the team', async () => {
    const store = await makeStore();
    store.session.signIn('tm_2');
    expect(store.team.invite('z@x.example')).toMatchObject({ ok: false, error: 'You do not have permission to manage the team' });
    expect(store.team.remove('tm_3').ok).toBe(false);
  });
});
