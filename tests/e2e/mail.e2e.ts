// Forgot password against `npm start`'s server with no SMTP_URL: the message is an .eml file in
// mail/ under the data folder, and the server's log says which. Its link opens the reset page in the browser, a new password signs in, the
// link works once, and an unknown address gets the same page and no message.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';
import { OWNER } from './team-server';

// Info lines too: the one that says where each message was written.
const { newPage, signIn, mailDir, output } = useTeamServer({ LOG_LEVEL: 'info' });

const messages = () => (existsSync(mailDir()) ? readdirSync(mailDir()).filter((name) => name.endsWith('.eml')) : []);

describe('forgot password', () => {
  it('the emailed link sets a new password once; an unknown address gets the same page and no message', async () => {
    const { page, errors } = await newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill('nobody@nowhere.test');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password\?email=nobody/);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').filter({ hasText: 'If that address has an account, we sent a link' }).waitFor();
    const unknownPage = await page.locator('main').innerText();

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').filter({ hasText: 'If that address has an account, we sent a link' }).waitFor();
    expect(await page.locator('main').innerText()).toBe(unknownPage);

    // Only the owner's message is written: the unknown address got none.
    await expect.poll(messages, { timeout: 20_000, interval: 100 }).toHaveLength(1);
    const file = join(mailDir(), messages()[0]);
    expect(output()).toContain(`Mail: no SMTP_URL, so each message is written to ${mailDir()}`);
    await expect.poll(output, { timeout: 20_000, interval: 100 }).toContain(`mail written to ${file}`);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(OWNER.email);
    expect(mail.subject).toBe('Reset your Creatorflow password');
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    const path = new URL(link).pathname + new URL(link).search;

    const reset = await newPage();
    await reset.page.goto(path);
    await reset.page.getByText(`For ${OWNER.email}.`).waitFor();
    const password = 'a brand new passphrase';
    await reset.page.getByLabel('New password').fill(password);
    await reset.page.getByLabel('Confirm Password').fill(password);
    await reset.page.getByRole('button', { name: 'Set new password' }).click();
    await reset.page.getByRole('status').filter({ hasText: 'Your password was changed' }).waitFor();
    await reset.page.getByRole('link', { name: 'Go to sign in' }).click();
    await reset.page.getByLabel('Email').fill(OWNER.email);
    await reset.page.getByLabel('Password').fill(password);
    await reset.page.getByRole('button', { name: 'Sign in' }).click();
    await reset.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // The old password no longer opens the account.
    const old = await newPage();
    await signIn(old.page, { password: OWNER.password });
    await old.page.getByText('Email or password is incorrect').waitFor();

    // A second use of the link is refused.
    const again = await newPage();
    await again.page.goto(path);
    await again.page.getByRole('alert').filter({ hasText: 'This password reset link has already been used. Ask for a new one.' }).waitFor();

    for (const who of [{ errors }, reset, again]) expect(who.errors).toEqual([]);
  }, 180_000);
});
