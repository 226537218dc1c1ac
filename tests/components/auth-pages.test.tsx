// The team server's public pages: labels, the server's messages, and where they go next.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AcceptInvitation, SignIn, safeNext } from '../../host/pages/Auth';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignIn /> },
      { path: '/invite/:token', element: <AcceptInvitation /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
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

  it('only ever goes on to a path of this site', () => {
    expect(safeNext('/orders')).toBe('/orders');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
