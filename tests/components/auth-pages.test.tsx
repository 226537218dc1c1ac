// The team server's public pages: labels, the server's messages, and where they go next.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AcceptInvitation, Setup, SignIn, safeNext } from '../../host/pages/Auth';
import { loadLanguage } from '../../lib/i18n';
import { pack as es } from '../../lib/i18n/catalogs/es';
import { LanguageProvider } from '../../widgets/ui/i18n';

function renderAt(path: string, lang?: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignIn /> },
      { path: '/invite/:token', element: <AcceptInvitation /> },
      { path: '/setup', element: <Setup /> },
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

describe('auth pages', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'cf-server';
    meta.content = '1';
    document.head.append(meta);
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    document.head.querySelector('meta[name="cf-server"]')?.remove();
    vi.unstubAllGlobals();
  });

  it('signs in and goes on to next; a refusal shows the server message', async () => {
    const fetch = vi.fn().mockReturnValueOnce(reply(401, { error: 'Email or password is incorrect' })).mockReturnValueOnce(reply(200, {}));
    vi.stubGlobal('fetch', fetch);
    renderAt('/signin?next=%2Forders%3Forder%3Dord_1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'owner@acme.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or password is incorrect')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/auth/signin', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'owner@acme.test', password: 'wrong' }) }));
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/orders?order=ord_1'));
  });

  it('with two-factor on, asks for a code after the password; a wrong code says so and signs nobody in; in French too', async () => {
    const fetch = vi
      .fn()
      .mockReturnValueOnce(reply(200, { secondFactor: { token: 'challenge-token', expiresInSeconds: 300 } }))
      .mockReturnValueOnce(reply(401, { error: 'That code is not right. Enter the 6-digit code from your authenticator app or a recovery code.', code: 'secondFactorWrong', field: 'code' }))
      .mockReturnValueOnce(reply(200, {}));
    vi.stubGlobal('fetch', fetch);
    await loadLanguage('fr');
    renderAt('/signin?next=%2Fprofile', 'fr');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'owner@acme.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const code = await screen.findByLabelText('Code d’authentification');
    expect(screen.getByRole('heading', { name: 'Connexion en deux étapes' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Ce code n’est pas le bon. Saisissez le code à 6 chiffres de votre application d’authentification ou un code de secours.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/profile'));
    expect(fetch).toHaveBeenLastCalledWith('/auth/signin/second-factor', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'challenge-token', code: 'abcde-fghjk' }) }));
  });

  it("sets up the owner: the link's address and name to start from, the two passwords checked, then the app", async () => {
    const fetch = vi
      .fn()
      .mockReturnValueOnce(reply(200, { email: 'owner@acme.test', name: 'Olivia Brown', workspaceName: 'Acme' }))
      .mockReturnValueOnce(reply(200, {}));
    vi.stubGlobal('fetch', fetch);
    renderAt('/setup?token=tok123');
    const user = userEvent.setup();
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@acme.test');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Olivia B.');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(fetch).toHaveBeenLastCalledWith('/auth/setup', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok123', password: 'a-long-password', name: 'Olivia B.', email: 'owner@acme.test' }) }));
  });

  it('accepts an invitation with Full Name and Password', async () => {
    const fetch = vi
      .fn()
      .mockReturnValueOnce(reply(200, { email: 'new@acme.test', role: 'Editor', workspaceName: 'Acme' }))
      .mockReturnValueOnce(reply(400, { error: 'Password must be at least 10 characters', field: 'password' }))
      .mockReturnValueOnce(reply(200, {}));
    vi.stubGlobal('fetch', fetch);
    renderAt('/invite/tok123');
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full Name'), 'New Person');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Password'), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(fetch).toHaveBeenLastCalledWith('/invitations/tok123/accept', expect.objectContaining({ body: JSON.stringify({ name: 'New Person', password: 'short-and-longer' }) }));
  });

  it('says when an invitation link no longer works', async () => {
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(reply(410, { error: 'This invitation has already been used. Sign in instead.' })));
    renderAt('/invite/used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has already been used. Sign in instead.');
  });

  it('says a refusal the server sends with a known code in the page\'s language, and an unknown one as the server words it', async () => {
    await loadLanguage('fr');
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(reply(410, { error: 'This invitation has expired. Ask a team admin for a new one.', code: 'invitationExpired' })));
    renderAt('/invite/old', 'fr');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette invitation a expiré. Demandez-en une nouvelle à un administrateur de l’équipe.');
  });

  it('names the invited role in the page\'s language (French: Lecteur, not Viewer)', async () => {
    await loadLanguage('fr');
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(reply(200, { email: 'new@acme.test', role: 'Viewer', workspaceName: 'Acme' })));
    renderAt('/invite/tok123', 'fr');
    const invited = (await screen.findByText('Lecteur', { selector: 'strong' })).closest('p')!;
    expect(invited).toHaveTextContent('Vous êtes invité en tant que Lecteur');
    expect(invited).not.toHaveTextContent('Viewer');
  });

  it('says a password the server refuses in Spanish, with the server\'s values', async () => {
    await loadLanguage('es');
    const fetch = vi
      .fn()
      .mockReturnValueOnce(reply(200, { email: 'new@acme.test', role: 'Editor', workspaceName: 'Acme' }))
      .mockReturnValueOnce(reply(400, { error: 'Password must be at least 10 characters', code: 'passwordTooShort', params: { min: 10 }, field: 'password' }))
      .mockReturnValueOnce(reply(400, { error: 'A refusal this page has no words for', field: 'password' }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/invite/tok123', 'es');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre completo'), 'Nueva Persona');
    await user.type(screen.getByLabelText('Contraseña'), 'short');
    const accept = screen.getByRole('button', { name: 'Aceptar la invitación' });
    await user.click(accept);
    expect(await screen.findByText('La contraseña debe tener al menos 10 caracteres')).toBeInTheDocument();
    await user.click(accept);
    expect(await screen.findByText(es.messages['domain.refused'])).toBeInTheDocument();
  });

  it('only ever goes on to a path of this site', () => {
    expect(safeNext('/orders')).toBe('/orders');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
