// Pages anyone may read: on the team server a visitor who never signed in reads Terms, Privacy,
// Maintenance and the guides, and the signed-out screen says the workspace is the team's on the
// server; in the browser-only app, after Logout, the same pages still read and the signed-out
// screen says the data stays in this browser.
import { describe, expect, it } from 'vitest';
import { useBrowser, useTeamServer } from './browser';

const PAGES = [
  { path: '/terms', heading: 'Terms of Service', text: 'By accessing or using Creatorflow you agree to these Terms of Service.' },
  { path: '/privacy', heading: 'Privacy Policy', text: null },
  {
    path: '/maintenance',
    heading: 'Scheduled Maintenance',
    text: 'We are performing scheduled maintenance to improve Creatorflow. Your data is safe and will be available as soon as we are done.',
  },
  { path: '/docs/dashboard', heading: 'Dashboard guide', text: null },
  { path: '/docs/api', heading: 'API reference', text: 'Only creators whose funnel has this status' },
  { path: '/support', heading: 'Support', text: null },
];

/** Same-origin links of the page's main area that lead to another page the visitor may read (not into the workspace). */
const PUBLIC_LINK = /^\/(terms|privacy|maintenance|support|docs)(\/|#|$)/;

describe('public pages on the team server, signed out', () => {
  const { newPage } = useTeamServer();

  it.each(PAGES)('$path shows its text without signing in, with no session banner', async ({ path, heading, text }) => {
    const { page, errors } = await newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    if (text) await page.getByText(text).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    // The workspace's load has been refused (nobody is signed in) by now: it says nothing false.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText(/Changes are not being saved|Your session has ended/).count()).toBe(0);
    expect(await page.getByText('You are signed out').count()).toBe(0);
    expect(await page.getByText(/stays in this browser/).count()).toBe(0);
    // Nothing of the workspace: no sidebar, but a way to sign in.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(errors).toEqual([]);
  });

  it.each(PAGES)('$path: every link to a page a visitor may read opens without signing in', async ({ path }) => {
    const { page, errors } = await newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const href of hrefs.filter((h) => PUBLIC_LINK.test(h))) {
      await page.goto(href);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname, href).not.toBe('/signin');
      expect(await page.getByText(/Changes are not being saved|Your session has ended/).count(), href).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it('/maintenance: Contact support and the status page open the support page signed out; /docs opens the guides’ list', async () => {
    const { page, errors } = await newPage();
    await page.goto('/maintenance');
    await page.getByRole('link', { name: 'Contact support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await page.getByRole('link', { name: 'support@creatorflow.example' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'status page' }).click();
    await page.getByRole('heading', { level: 2, name: 'System status' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#status');
    await page.goto('/docs');
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    expect(await page.title()).toBe('API reference · Creatorflow');
    expect(errors).toEqual([]);
  });

  it('an app page still sends a visitor to sign in', async () => {
    const { page } = await newPage();
    await page.goto('/orders');
    await page.waitForURL(/\/signin\?next=%2Forders$/);
  });
});

describe('public pages in the browser-only app, after Logout', () => {
  const b = useBrowser();

  it('reads Terms and Maintenance signed out; the signed-out screen says the data stays in this browser', async () => {
    const { page, problems } = await b.open('/help');
    await page.getByRole('button', { name: 'Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    await page.getByText('Your workspace data stays in this browser. Sign in to continue where you left off.').waitFor();
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByText('By accessing or using Creatorflow you agree to these Terms of Service.').waitFor();
    await page.goto('/maintenance');
    await page.getByRole('heading', { level: 1, name: 'Scheduled Maintenance' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });
});
