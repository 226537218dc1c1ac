import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SETTINGS_TABS } from '../../lib/domain/constants';
import { useBrowser } from './browser';

const b = useBrowser();

const IMPORT_CSV = [
  'creator_handle,creator_name,email,platform,followers,engagement_rate,category',
  '@e2ecreator,E2E Creator,e2e@example.com,Instagram,1500,4.2,Influencer',
  ',Missing Handle,nohandle@example.com,TikTok,10,1,Creator',
  '@e2esecond,Second Creator,,YouTube,abc,5,Brand',
  '@e2ethird,Third Creator,third@example.com,TikTok,900,101,Creator',
].join('\n');

describe('settings', () => {
  it('saves General Settings and keeps them across a reload; the tab lives in the URL', async () => {
    const { page, problems } = await b.open('/settings');
    const company = page.getByLabel('Company Name');
    await company.fill('E2E Company');
    await page.getByLabel('Time Zone').selectOption({ label: 'Eastern Time (ET)' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully').first().waitFor();
    await page.reload();
    await page.getByLabel('Company Name').waitFor();
    expect(await page.getByLabel('Company Name').inputValue()).toBe('E2E Company');
    expect(await page.getByLabel('Time Zone').inputValue()).toBe('America/New_York');
    await page.getByRole('tab', { name: 'Team Settings' }).click();
    await page.waitForURL(/\/settings\?tab=team$/);
    await page.getByRole('heading', { name: 'Team Members' }).waitFor();
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Team Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('every settings tab renders without axe violations or console errors', async () => {
    const { page, problems } = await b.open('/settings');
    const found: string[] = [];
    // The Notifications tab shows the Notifications screen, which has its own a11y checks.
    for (const tab of SETTINGS_TABS.filter((t) => t.id !== 'notifications')) {
      await page.getByRole('tab', { name: tab.label, exact: true }).click();
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      const result = await new AxeBuilder({ page })
        .include('[data-screen="Settings"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      found.push(...result.violations.map((v) => `${tab.id}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
    expect(found).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('refuses mismatched new passwords on the profile', async () => {
    const { page } = await b.open('/profile');
    await page.getByLabel('New Password', { exact: true }).fill('one');
    await page.getByLabel('Confirm New Password').fill('two');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // The form's own message (a toast says it too).
    expect(await page.locator('form').getByRole('alert').textContent()).toBe('New passwords do not match');
    expect(await page.getByLabel('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('a saved profile name shows in the user menu and survives a reload', async () => {
    const { page, problems } = await b.open('/profile');
    await page.getByLabel('Full Name').fill('Robin Admin');
    await page.getByRole('switch', { name: 'SMS Notifications' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').first().waitFor();
    await page.getByRole('button', { name: /Robin Admin/ }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: /Robin Admin/ }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Robin Admin');
    expect(await page.getByRole('switch', { name: 'SMS Notifications' }).getAttribute('aria-checked')).toBe('true');
    expect(problems.errors).toEqual([]);
  });
});

describe('team', () => {
  it('invites a member, changes the role, and both survive a reload', async () => {
    const { page, problems } = await b.open('/team');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please enter an email address');
    await dialog.getByLabel('Email Address').fill('robin@brand.example');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText('Invitation sent successfully').first().waitFor();
    const row = page.getByRole('row').filter({ hasText: 'robin@brand.example' });
    await row.getByText('Pending').waitFor();
    await row.getByRole('combobox', { name: 'Role of robin' }).selectOption('Admin');
    expect(await row.getByRole('checkbox', { name: 'Manage team for robin' }).isChecked()).toBe(true);
    await page.reload();
    const again = page.getByRole('row').filter({ hasText: 'robin@brand.example' });
    await again.waitFor();
    expect(await again.getByRole('combobox', { name: 'Role of robin' }).inputValue()).toBe('Admin');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});

describe('CSV export and import', () => {
  it('downloads export-funnels-{date}.csv with the real funnels', async () => {
    const { page, problems } = await b.open('/export');
    await page.getByRole('button', { name: /^Funnels/ }).click();
    await page.getByText('8 fields selected').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^export-funnels-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Funnel ID,Creator,Status,Start Date,End Date,Estimated Conversion Rate,Campaign Value,Estimated ROI');
    expect(text).toContain('CR12345,Sarah Johnson,Production');
    expect(lines).toHaveLength(7);
    expect(problems.errors).toEqual([]);
  });

  it('imports the good rows of a file, reports the bad ones by row number, and the new creator is exported', async () => {
    const { page, problems } = await b.open('/import');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV) });
    await page.getByRole('table', { name: 'Preview (first 5 rows)' }).waitFor();
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByRole('heading', { name: 'Data imported successfully' }).waitFor();
    const rejected = page.getByRole('list', { name: 'Rows not imported' });
    expect(await rejected.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Row 2: creator_handle is required/),
      expect.stringMatching(/^Row 3: followers must be a whole number/),
      expect.stringMatching(/^Row 4: engagement_rate must be a percentage from 0 to 100/),
    ]);
    await page.goto('/export');
    await page.getByRole('button', { name: /^Creators/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('@e2ecreator,E2E Creator,e2e@example.com,Instagram,1500,4.2,Influencer,Brief');
    expect(text).not.toContain('@e2esecond');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('refuses a file that is not CSV and one over 10MB', async () => {
    const { page } = await b.open('/import');
    const input = page.getByLabel('Choose a CSV file');
    await input.setInputFiles({ name: 'creators.txt', mimeType: 'text/plain', buffer: Buffer.from('a,b\n1,2') });
    expect(await page.getByRole('alert').textContent()).toBe('creators.txt is not a CSV file. Choose a .csv file.');
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    await input.setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: big });
    await page.getByText('huge.csv is larger than the 10MB limit.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
