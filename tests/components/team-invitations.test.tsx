// Invitations with a team server: Invite Member says the email went out and still offers the
// link; a Pending member can be sent a new link (Resend), and an expired one says so with New link.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { loadLanguage, translatorFor } from '../../lib/i18n';
import { pack as es } from '../../lib/i18n/catalogs/es';
import type { InvitationState, TeamApi } from '../../lib/sync/team-api';
import { Team } from '../../widgets/team';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { toast } from '../../widgets/ui/toast';
import { renderScreen } from '../helpers/render';

afterEach(() => {
  act(() => toast.remove());
});

/** A team server's invitation calls (the rest of the team API is never reached here). */
function teamServer(states: InvitationState[] = []) {
  let issued = 0;
  return {
    invite: vi.fn(async () => ({ ok: true as const, inviteUrl: `https://team.example/invite/first-${++issued}`, emailSent: true })),
    invitations: vi.fn(async () => ({ ok: true as const, invitations: states })),
    reissueInvitation: vi.fn(async () => ({ ok: true as const, inviteUrl: `https://team.example/invite/again-${++issued}`, emailSent: true })),
  } as unknown as TeamApi & { invite: Mock; invitations: Mock; reissueInvitation: Mock };
}

describe('<Team> invitations with a team server', () => {
  it('Invite Member says "Invitation sent to …" and still offers the link to copy', async () => {
    const user = userEvent.setup();
    const teamApi = teamServer();
    await renderScreen(<Team />, { teamApi });
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Invite Member' })).getByLabelText('Email Address'), 'casey@brand.example{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue('https://team.example/invite/first-1');
    expect(within(dialog).getByText(/We emailed the invitation to casey@brand\.example/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect((await screen.findAllByText('Invitation sent to casey@brand.example')).length).toBeGreaterThan(0);
  });

  it('Resend on a Pending member makes a new link, emailed again', async () => {
    const user = userEvent.setup();
    const teamApi = teamServer();
    const { store } = await renderScreen(<Team />, { teamApi });
    expect(store.team.invite('pat@brand.example', 'Editor').ok).toBe(true);
    const pat = store.team.members.items.value.find((m) => m.email === 'pat@brand.example')!;
    vi.mocked(teamApi.invitations).mockResolvedValue({ ok: true, invitations: [{ memberId: pat.id, expiresAt: '2026-03-15T12:00:00.000Z', expired: false }] });
    const row = (await screen.findByText('pat@brand.example')).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    await user.click(await within(row).findByRole('button', { name: 'Resend the invitation to pat@brand.example' }));
    expect(teamApi.reissueInvitation).toHaveBeenCalledWith(pat.id);
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue('https://team.example/invite/again-1');
    expect((await screen.findAllByText('Invitation sent to pat@brand.example')).length).toBeGreaterThan(0);
    // Active members have no invitation to send.
    const jamie = screen.getByText('Jamie Smith').closest('tr')!;
    expect(within(jamie).queryByRole('button', { name: /Resend/ })).toBeNull();
  });

  it('an expired invitation shows "Expired" with "New link"', async () => {
    const user = userEvent.setup();
    const teamApi = teamServer();
    const { store } = await renderScreen(<Team />, { teamApi });
    store.team.invite('old@brand.example', 'Viewer');
    const old = store.team.members.items.value.find((m) => m.email === 'old@brand.example')!;
    vi.mocked(teamApi.invitations).mockResolvedValue({ ok: true, invitations: [{ memberId: old.id, expiresAt: '2026-03-01T12:00:00.000Z', expired: true }] });
    // The screen asks the server again when the team changes.
    store.team.invite('another@brand.example', 'Viewer');
    const row = (await screen.findByText('old@brand.example')).closest('tr')!;
    expect(await within(row).findByText('Expired')).toBeInTheDocument();
    expect(within(row).queryByText('Pending')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'New invitation link for old@brand.example' }));
    expect(teamApi.reissueInvitation).toHaveBeenCalledWith(old.id);
    expect(await screen.findByRole('dialog', { name: 'Invitation link' })).toBeInTheDocument();
  });

  it('says Expired, New link and the sent invitation in Spanish', async () => {
    await loadLanguage('es');
    const user = userEvent.setup();
    const teamApi = teamServer();
    const { store } = await renderScreen(
      <LanguageProvider lang="es">
        <Team />
      </LanguageProvider>,
      { teamApi },
    );
    store.team.invite('old@brand.example', 'Viewer');
    const old = store.team.members.items.value.find((m) => m.email === 'old@brand.example')!;
    vi.mocked(teamApi.invitations).mockResolvedValue({ ok: true, invitations: [{ memberId: old.id, expiresAt: '2026-03-01T12:00:00.000Z', expired: true }] });
    store.team.invite('another@brand.example', 'Viewer');
    const row = (await screen.findByText('old@brand.example')).closest('tr')!;
    expect(await within(row).findByText(es.messages['team.expired'])).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Enlace de invitación nuevo para old@brand.example' }));
    const dialog = await screen.findByRole('dialog', { name: es.messages['team.linkTitle'] });
    expect(within(dialog).getByText(/^Enviamos la invitación por correo a old@brand\.example\./)).toBeInTheDocument();
    // The toast's message is the invitation's, said in the page's language.
    const sent = await store.team.resendInvitation(old.id);
    expect(sent.ok && sent.notice && translatorFor('es').say(sent.notice)).toBe('Invitación enviada a old@brand.example');
  });
});
