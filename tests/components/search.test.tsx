import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TopSearch } from '../../host/TopSearch';
import { renderScreen } from '../helpers/render';

async function setup() {
  const user = userEvent.setup();
  const rendered = await renderScreen(<TopSearch />);
  const input = screen.getByRole('combobox', { name: 'Search creators, funnels and pages' });
  return { user, input, ...rendered };
}

describe('top search (ARIA combobox)', () => {
  it('shows no suggestions until more than 2 characters are typed', async () => {
    const { user, input } = await setup();
    await user.type(input, 'sa');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.type(input, 'r');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getByRole('option', { name: /Sarah Johnson/ })).toBeInTheDocument();
  });

  it('moves through suggestions with the arrows and opens the active one with Enter', async () => {
    const { user, input, visited } = await setup();
    await user.type(input, 'cr1234');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[options.length - 1].id);
    await user.keyboard('{Home}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(visited).toEqual(['/funnel/CR12346']);
    expect(input).toHaveValue('');
  });

  it('links creators to /creator/{id} and pages to /analytics by click', async () => {
    const { user, input, visited } = await setup();
    await user.type(input, '@mikechen');
    await user.click(screen.getByRole('option', { name: /Mike Chen/ }));
    expect(visited).toEqual(['/creator/CR12346']);
    await user.type(input, 'analyt');
    const pages = screen.getAllByRole('option');
    expect(pages.every((o) => o.textContent?.includes('Page'))).toBe(true);
    await user.click(pages[0]);
    expect(visited).toEqual(['/creator/CR12346', '/analytics']);
  });

  it('Escape closes the list, a second Escape clears; the clear button resets the search', async () => {
    const { user, input } = await setup();
    await user.type(input, 'emma');
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('emma');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    await user.type(input, 'emma');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('Enter without a chosen suggestion searches the dashboard', async () => {
    const { user, input, visited } = await setup();
    await user.type(input, 'nobody here{Enter}');
    expect(visited).toEqual(['/?search=nobody%20here']);
  });

  it('suggests creators the workspace really has, live', async () => {
    const { user, input, store } = await setup();
    await user.type(input, 'zoe');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    const sarah = store.funnels.items.get('CR12345')!;
    store.funnels.items.put({ ...sarah, creatorName: 'Zoe Quill' });
    expect(await screen.findByRole('option', { name: /Zoe Quill/ })).toBeInTheDocument();
  });
});
