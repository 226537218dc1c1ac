import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpCenter } from '../../widgets/help';
import { renderScreen } from '../helpers/render';

describe('<HelpCenter>', () => {
  it('opens one FAQ at a time, showing answer and tags; clicking the open one closes it', async () => {
    const user = userEvent.setup();
    await renderScreen(<HelpCenter />);
    const first = await screen.findByRole('button', { name: 'How do I create a new creator funnel?' });
    const second = screen.getByRole('button', { name: 'What do the funnel stages mean?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'How do I create a new creator funnel?' });
    expect(panel).toHaveTextContent('New Funnel wizard');
    expect(within(panel).getByRole('list', { name: 'Tags' })).toHaveTextContent('setup');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'How do I create a new creator funnel?' })).not.toBeInTheDocument();
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('button', { expanded: true })).toEqual([]);
  });

  it('searches question, answer and tags case-insensitively, with the spec empty text', async () => {
    const user = userEvent.setup();
    await renderScreen(<HelpCenter />);
    const search = await screen.findByPlaceholderText('Search help articles, tutorials, and documentation...');
    await user.type(search, 'ROI');
    expect(screen.getByRole('button', { name: 'How are conversion rate and ROI calculated?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'What do the funnel stages mean?' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'paperwork');
    expect(screen.getByRole('button', { name: 'What do the funnel stages mean?' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'no such topic');
    expect(screen.getByText('No FAQs found matching your search')).toBeInTheDocument();
  });

  it('shows the tutorials, documentation links and the support box', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<HelpCenter />);
    const videos = await screen.findByRole('region', { name: 'Video Tutorials' });
    expect(within(videos).getAllByRole('listitem')).toHaveLength(2);
    expect(within(videos).getByText('5:30')).toBeInTheDocument();
    expect(within(videos).getByRole('img', { name: /Getting Started with Creatorflow/ })).toBeInTheDocument();
    const docs = screen.getByRole('navigation', { name: 'Documentation' });
    expect(within(docs).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/docs/dashboard', '/docs/api', '/support']);
    const contact = screen.getByRole('region', { name: 'Need more help?' });
    expect(contact).toHaveTextContent('24/7');
    await user.click(within(contact).getByRole('link', { name: 'Contact Support' }));
    expect(visited).toEqual(['/support']);
  });
});
