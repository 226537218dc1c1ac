// Signed out, the host says what is true where it runs, and public pages still read.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../host/Shell';
import { StoreProvider } from '../../widgets/ui/store-context';
import { makeStore } from '../helpers/render';

async function renderSignedOut(path: string) {
  const store = await makeStore();
  store.session.signOut();
  await store.flush();
  const router = createMemoryRouter(
    [{ element: <Shell />, children: [{ path: '*', element: <h1>Page {path}</h1> }] }],
    { initialEntries: [path] },
  );
  render(
    <StoreProvider store={store}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

function markTeamServer() {
  const meta = document.createElement('meta');
  meta.name = 'cf-server';
  meta.content = '1';
  document.head.append(meta);
}

describe('signed out', () => {
  afterEach(() => document.head.querySelector('meta[name="cf-server"]')?.remove());

  it('browser-only: the workspace data stays in this browser', async () => {
    await renderSignedOut('/orders');
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByText('Your workspace data stays in this browser. Sign in to continue where you left off.')).toBeInTheDocument();
  });

  it('team server: the workspace is the team’s, on the server; nothing says it stays in this browser', async () => {
    markTeamServer();
    await renderSignedOut('/orders');
    expect(await screen.findByText('Your team’s workspace is on this server. Sign in to reach it.')).toBeInTheDocument();
    expect(screen.queryByText(/stays in this browser/)).not.toBeInTheDocument();
  });

  it.each(['/terms', '/privacy', '/maintenance', '/docs/api'])('%s reads without signing in, with a way to sign in and no workspace navigation', async (path) => {
    await renderSignedOut(path);
    expect(await screen.findByRole('heading', { name: `Page ${path}` })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are signed out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
