// Forgot password? on the sign-in page, the page that asks for a link, the link's page (a new
// password, once), and the Settings mail line for Admins.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPassword, ResetPassword, SignIn } from '../../host/pages/Auth';
import { loadLanguage } from '../../lib/i18n';
import type { TeamApi } from '../../lib/sync/team-api';
import { GeneralSettingsPanel } from '../../widgets/settings';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

function renderAt(path: string, lang?: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignIn /> },
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/reset-password', element: <ResetPassword /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <LanguageProvider lang={lang}>
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('forgot password pages', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'cf-server';
    meta.content = '1';
    document.head.append(meta);
  });
  afterEach(() => {
    document.head.querySelector('meta[name="cf-server"]')?.remove();
    vi.unstubAllGlobals();
  });

  it('sign-in offers "Forgot password?" with the email typed so far', async () => {
    renderAt('/signin');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'owner@acme.test');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?email=owner%40acme.test');
  });

  it('asks for the email, then gives the same answer whatever the address', async () => {
    const fetch = vi.fn().mockImplementation(() => reply(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/forgot-password?email=owner%40acme.test');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@acme.test');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If that address has an account, we sent a link');
    expect(fetch).toHaveBeenCalledWith('/auth/forgot', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'owner@acme.test' }) }));
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
  });

  it('sets a new password from the link, after checking the two match, and sends to sign in', async () => {
    const fetch = vi
      .fn()
      .mockReturnValueOnce(reply(200, { email: 'owner@acme.test' }))
      .mockReturnValueOnce(reply(400, { error: 'This password is too common. Choose a less predictable one.', code: 'passwordTooCommon', field: 'password' }))
      .mockReturnValueOnce(reply(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/reset-password?token=tok123');
    expect(await screen.findByText('For owner@acme.test. Choosing it signs you out everywhere.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password124');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This password is too common. Choose a less predictable one.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('New password'), 'a-much-better-one');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-much-better-one');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed and every session was signed out.');
    expect(fetch).toHaveBeenLastCalledWith('/auth/reset', expect.objectContaining({ body: JSON.stringify({ token: 'tok123', password: 'a-much-better-one' }) }));
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
  });

  it('says a used link in French and offers a new one', async () => {
    await loadLanguage('fr');
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(reply(410, { error: 'This password reset link has already been used. Ask for a new one.', code: 'resetLinkUsed' })));
    renderAt('/reset-password?token=used', 'fr');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien de réinitialisation du mot de passe a déjà été utilisé. Demandez-en un nouveau.');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for the link when the page is opened without one (Spanish)', async () => {
    await loadLanguage('es');
    renderAt('/reset-password', 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta página necesita el enlace de tu correo para restablecer la contraseña.');
  });
});

describe('the Settings mail line', () => {
  const withMail = (status: Awaited<ReturnType<TeamApi['mailStatus']>>): TeamApi => ({ mailStatus: vi.fn(async () => status) }) as unknown as TeamApi;

  it('tells an Admin the last message failed, with its reason', async () => {
    await renderScreen(<GeneralSettingsPanel />, {
      teamApi: withMail({ ok: true, transport: 'smtp', lastFailure: { at: '2026-03-10T11:00:00.000Z', reason: '550 Mailbox unavailable', givenUp: false } }),
    });
    expect(await screen.findByText('Email: last message failed — 550 Mailbox unavailable')).toHaveAttribute('role', 'status');
  });

  it('says where mail goes when nothing failed', async () => {
    await renderScreen(<GeneralSettingsPanel />, { teamApi: withMail({ ok: true, transport: 'files', lastFailure: null }) });
    expect(await screen.findByText('Email: saved as .eml files on the server, because no mail server is set (SMTP_URL)')).toBeInTheDocument();
  });

  it('has no mail line without a team server', async () => {
    await renderScreen(<GeneralSettingsPanel />);
    expect(await screen.findByRole('heading', { name: 'General Settings' })).toBeInTheDocument();
    expect(screen.queryByText(/^Email:/)).toBeNull();
  });
});
