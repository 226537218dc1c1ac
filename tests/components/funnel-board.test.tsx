import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildStepsFromStatus, progressPercentage } from '../../lib/domain/funnels';
import type { Funnel } from '../../lib/domain/types';
import type { TeamApi } from '../../lib/sync/team-api';
import { sampleFunnels } from '../../lib/sample/workspace';
import { DashboardOverview, FunnelBoard, FunnelDashboard } from '../../widgets/funnel-board';
import { createStore } from '../../lib/store/createStore';
import { createIndexedDbStorage } from '../../lib/storage/indexeddb';
import { StoreProvider } from '../../widgets/ui/store-context';
import { FIXED_NOW, renderScreen } from '../helpers/render';
import { heldAfterFirstPart } from '../helpers/held-storage';

const card = (name: string) => screen.getByRole('article', { name });

describe('<FunnelBoard> list and cards', () => {
  it('shows each card with avatar, name link, handle, #id, priority star and status badge', async () => {
    await renderScreen(<FunnelBoard />);
    const sarah = await screen.findByRole('article', { name: 'Sarah Johnson' });
    expect(within(sarah).getByRole('img', { name: 'Sarah Johnson' })).toBeInTheDocument();
    expect(within(sarah).getByRole('link', { name: 'Sarah Johnson' })).toHaveAttribute('href', '/creator/CR12345');
    expect(within(sarah).getByText('@sarahjstyle')).toBeInTheDocument();
    expect(within(sarah).getByText('#CR12345')).toBeInTheDocument();
    expect(within(sarah).getByRole('button', { name: 'Priority: Sarah Johnson' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sarah).getByText('Production')).toHaveAttribute('data-color', 'purple');
    expect(within(card('Alex Rivera')).getByText('Brief')).toHaveAttribute('data-color', 'orange');
  });

  it('opens the creator when the card is clicked, and toggles the priority star, which persists', async () => {
    const user = userEvent.setup();
    const { visited, store } = await renderScreen(<FunnelBoard />);
    await user.click(within(await screen.findByRole('article', { name: 'Mike Chen' })).getByText('YouTube'));
    expect(visited).toEqual(['/creator/CR12346']);
    const star = within(card('Mike Chen')).getByRole('button', { name: 'Priority: Mike Chen' });
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(store.funnels.items.get('CR12346')?.isPriority).toBe(true);
    expect(visited).toEqual(['/creator/CR12346']);
  });

  it('expands to "Step X of N (percent)" and a timeline whose steps open the creator at that step', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<FunnelBoard />);
    const sarah = await screen.findByRole('article', { name: 'Sarah Johnson' });
    await user.click(within(sarah).getByRole('button', { name: 'Expand Sarah Johnson' }));
    expect(within(sarah).getByText('Step 4 of 7 (57%)')).toBeInTheDocument();
    const timeline = within(sarah).getByRole('list', { name: 'Steps of Sarah Johnson' });
    await user.click(within(timeline).getByRole('link', { name: 'Review & Feedback' }));
    expect(visited).toEqual(['/creator/CR12345?step=Review%20%26%20Feedback']);
  });

  it('saves a step with the pencil: the funnel advances and the toast says where it moved', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<FunnelBoard />);
    const priya = await screen.findByRole('article', { name: 'Priya Patel' });
    await user.click(within(priya).getByRole('button', { name: 'Expand Priya Patel' }));
    await user.click(within(priya).getByRole('button', { name: 'Edit step Content Production' }));
    const name = within(priya).getByLabelText('Step name');
    await user.clear(name);
    await user.type(name, 'Reel production');
    await user.click(within(priya).getByRole('button', { name: 'Save Step' }));
    expect(within(priya).getByText('Production')).toBeInTheDocument();
    expect(within(priya).getByRole('link', { name: 'Reel production' })).toBeInTheDocument();
    expect(await screen.findByText('Priya Patel moved to Production')).toBeInTheDocument();
    // The team's one notification; nothing claims an email or SMS to the creator.
    expect(screen.queryByText(/notification sent to @priyatravels/)).toBeNull();
    expect(store.notifications.unreadCount.value).toBe(3);
  });

  it('a creator who opted out shows it on the card, and Send Outreach is disabled with the reason', async () => {
    const { store } = await renderScreen(<FunnelBoard />);
    const alex = store.funnels.items.get('CR12348')!;
    act(() => store.rebase([{ collection: 'funnels', id: alex.id, value: { ...alex, portal: { optedOutAt: FIXED_NOW.toISOString() } } }], []));
    const card = await screen.findByRole('article', { name: alex.creatorName });
    expect(within(card).getByText('Opted out')).toBeInTheDocument();
    const button = within(card).getByRole('button', { name: `Send outreach to ${alex.creatorName}` });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`${alex.creatorHandle} opted out of email`);
  });

  it('a failed outreach email shows on the card with its reason, and Retry queues it again', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<FunnelBoard />);
    const alex = store.funnels.items.get('CR12348')!;
    const failed = { id: 'msg_f1', timestamp: FIXED_NOW.toISOString(), message: 'Hi', sentBy: 'Alex Morgan', delivery: { status: 'failed' as const, reason: '550 Mailbox unavailable', at: FIXED_NOW.toISOString() } };
    act(() => store.rebase([{ collection: 'funnels', id: alex.id, value: { ...alex, outreach: [failed] } }], []));
    const card = await screen.findByRole('article', { name: alex.creatorName });
    expect(within(card).getByText('Email failed: 550 Mailbox unavailable')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `Retry the email to ${alex.creatorHandle}` }));
    expect(await screen.findByText(`Email to ${alex.creatorHandle} queued again`)).toBeInTheDocument();
    expect(within(card).queryByText(/Email failed/)).toBeNull();
    expect(store.funnels.items.get(alex.id)?.outreach?.[0].delivery?.status).toBe('queued');
  });

  it('renders only the cards in view with 10,000 funnels', async () => {
    const base = sampleFunnels(FIXED_NOW)[0];
    const many: Funnel[] = Array.from({ length: 10_000 }, (_, i) => ({ ...base, id: `CR${30000 + i}`, creatorName: `Creator ${i}`, creatorHandle: `@creator${i}` }));
    const { store } = await renderScreen(<FunnelBoard />);
    store.funnels.items.replaceAll(many);
    expect(await screen.findByRole('article', { name: 'Creator 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').length).toBeLessThan(30);
    expect(screen.getByText('10000 of 10000 funnels')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Funnels' }).style.height).not.toBe('');
  });

  it('says the total is of the first funnels only while the rest of a large workspace is read', async () => {
    // 4,500 funnels in IndexedDB, read in parts: the parts after the first wait for `release`.
    const seeding = createStore({ storage: createIndexedDbStorage({ workspace: 'board-count-parts' }), now: () => FIXED_NOW });
    await seeding.loaded;
    const [base] = sampleFunnels(FIXED_NOW);
    seeding.funnels.items.replaceAll(Array.from({ length: 4_500 }, (_, i) => ({ ...base, id: `CRP${String(i).padStart(5, '0')}`, creatorName: `Creator ${i}`, creatorHandle: `@creator${i}` })));
    await seeding.flush();
    seeding.dispose();
    const { storage, release } = heldAfterFirstPart(createIndexedDbStorage({ workspace: 'board-count-parts' }));
    const store = createStore({ storage, now: () => FIXED_NOW });
    render(
      <StoreProvider store={store}>
        <FunnelBoard />
      </StoreProvider>,
    );
    expect(await screen.findByText('200 of the first 200 funnels, the rest still loading…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('4500 of 4500 funnels')).toBeInTheDocument();
    store.dispose();
  });
});

describe('search, filters and chips', () => {
  it('searches by name or id case-insensitively and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderScreen(<FunnelBoard />);
    const search = await screen.findByPlaceholderText('Search by Creator or ID');
    await user.type(search, 'cr12347');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h3')?.textContent)).toEqual(['Emma Davis']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No funnels found')).toBeInTheDocument();
    expect(screen.getByText(/adjust/i)).toBeInTheDocument();
  });

  it('filters by status, category and stage with a count badge, removable chips and Clear all', async () => {
    const user = userEvent.setup();
    await renderScreen(<FunnelBoard />);
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('group', { name: 'Filter funnels' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Creator' }));
    expect(screen.getByRole('button', { name: 'Filters, 2 active' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(card('Jordan Lee')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Category: Creator' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('a KPI filter keeps the top 10 sorted, shows as a chip, and selects and expands ?creator=', async () => {
    await renderScreen(<DashboardOverview filter="engagement_top10" creator="@emmadavisfit" expand />);
    const names = (await screen.findAllByRole('article')).map((a) => a.querySelector('h3')?.textContent);
    expect(names).toEqual(['Jordan Lee', 'Emma Davis', 'Priya Patel', 'Sarah Johnson', 'Mike Chen', 'Alex Rivera']);
    expect(screen.getByRole('button', { name: 'Remove filter Top 10 by engagement' })).toBeInTheDocument();
    expect(within(card('Emma Davis')).getByText(/Step 5 of 7/)).toBeInTheDocument();
  });

  it('Top 10 by revenue ranks by attributed revenue: a creator with attributed sales comes first, whatever the campaign value typed', async () => {
    const { store } = await renderScreen(<DashboardOverview filter="sales_top10" />);
    // Nothing attributed yet: no creator is ranked by a typed campaign value.
    expect(await screen.findByText('No funnels found')).toBeInTheDocument();
    const sale = store.orders.items.get('ord_1')!;
    act(() => store.orders.items.put({ ...sale, attribution: { funnelId: 'CR12348', code: 'ALEXCOOKS', handle: '@alexcooks', rule: 'code' } }));
    // Alex Rivera's typed campaign value is the lowest; his attributed sale puts him first, alone.
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual(['Alex Rivera']));
  });

  it('Lowest ROI and Top creators rank by the measured ROI (gifts and commission as cost), never the typed ROI', async () => {
    const { store } = await renderScreen(<DashboardOverview filter="price_optimization" />);
    // The sample's one cost is Emma Davis' flat fee: her measured ROI is -1, the only one.
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual(['Emma Davis']));
    const sale = store.orders.items.get('ord_1')!;
    act(() => store.orders.items.put({ ...sale, attribution: { funnelId: 'CR12347', code: 'EMMADAVISFIT', handle: '@emmadavisfit', rule: 'code' } }));
    expect(screen.getByRole('button', { name: 'Remove filter Lowest ROI (price optimization)' })).toBeInTheDocument();
  });
});

describe('/funnel/{id}', () => {
  it('selects and expands the funnel of a known id', async () => {
    await renderScreen(<FunnelBoard funnelId="CR12347" />);
    expect(within(await screen.findByRole('article', { name: 'Emma Davis' })).getByText(/Step 5 of 7/)).toBeInTheDocument();
  });

  it('says Funnel not found for an unknown id, with Back to Dashboard, instead of listing every funnel', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<FunnelBoard funnelId="CR99999" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Funnel not found' })).toBeInTheDocument();
    expect(screen.getByText('No funnel has the id CR99999.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(visited).toEqual(['/']);
  });
});

describe('Send Outreach', () => {
  it('sends from the modal (empty allowed), sets Confirmation and goes to /dashboard?creator=', async () => {
    const user = userEvent.setup();
    const { store, visited } = await renderScreen(<FunnelBoard />);
    await user.click(within(await screen.findByRole('article', { name: 'Alex Rivera' })).getByRole('button', { name: 'Send outreach to Alex Rivera' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Outreach' });
    expect(within(dialog).getByText('To:').parentElement).toHaveTextContent('To: @alexcooks');
    // It opens with the cursor in the message box.
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveFocus();
    await user.type(within(dialog).getByPlaceholderText('Write your message here...'), 'Loved your reel!');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(store.funnels.items.get('CR12348')).toMatchObject({ status: 'Confirmation', outreach: [{ message: 'Loved your reel!' }] });
    expect(visited).toEqual(['/dashboard?creator=@alexcooks']);
  });

  it('leaves a funnel further along where it is: status badge and step progress agree after outreach', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<FunnelBoard creator="@sarahjstyle" expand />);
    const sarah = await screen.findByRole('article', { name: 'Sarah Johnson' });
    await user.click(within(sarah).getByRole('button', { name: 'Send outreach to Sarah Johnson' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Outreach' });
    await user.type(within(dialog).getByPlaceholderText('Write your message here...'), 'How is the shoot going?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(within(card('Sarah Johnson')).getByLabelText('Status: Production')).toBeInTheDocument();
    expect(within(card('Sarah Johnson')).getByText('Step 4 of 7 (57%)')).toBeInTheDocument();
    expect(store.funnels.items.get('CR12345')?.outreach?.at(-1)?.message).toBe('How is the shoot going?');
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<FunnelBoard />);
    await user.click(within(await screen.findByRole('article', { name: 'Alex Rivera' })).getByRole('button', { name: 'Send outreach to Alex Rivera' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Send Outreach' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Send Outreach' })).not.toBeInTheDocument();
    expect(store.funnels.items.get('CR12348')?.status).toBe('Brief');
  });

  it('is disabled with the reason for a member without sendOutreach', async () => {
    const { store } = await renderScreen(<FunnelBoard />);
    store.session.signIn('tm_3');
    const button = within(await screen.findByRole('article', { name: 'Alex Rivera' })).getByRole('button', { name: 'Send outreach to Alex Rivera' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Your role cannot make changes in this workspace');
  });
});

describe('<FunnelDashboard>', () => {
  it('has the title, Dashboard and Analytics tabs, and the four widgets with drag handles', async () => {
    await renderScreen(<FunnelDashboard />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Funnel Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Analytics' })).toBeInTheDocument();
    for (const title of ['Performance', 'Profile Optimizer', 'Smart Matching', 'Funnels'])
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(document.querySelectorAll('.cf-drag-handle')).toHaveLength(4);
  });

  it('KPI tiles link to the top-10 filters', async () => {
    await renderScreen(<DashboardOverview />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/dashboard?filter='));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard?filter=match_rate_top10',
      '/dashboard?filter=engagement_top10',
      '/dashboard?filter=sales_top10',
      '/dashboard?filter=collab_success_top10',
    ]);
    expect(screen.getByText('Conversion Rate', { selector: '.cf-stat-label' })).toBeInTheDocument();
    expect(screen.getByText('Creator Rating', { selector: '.cf-stat-label' })).toBeInTheDocument();
  });
});

describe('Profile Optimizer and Smart Matching', () => {
  it('adds interest tags on Enter only when non-empty, adds AI suggestions, removes tags', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<FunnelDashboard />);
    const optimizer = await screen.findByRole('region', { name: 'Profile Optimizer' });
    const input = within(optimizer).getByRole('textbox', { name: 'Add interest tags' });
    await user.type(input, '   {Enter}');
    expect(store.funnels.items.get('CR12345')?.interestTags).toEqual(['Lifestyle', 'Instagram']);
    await user.type(input, ' Skincare {Enter}');
    expect(within(within(optimizer).getByRole('list', { name: 'Interest Tags' })).getByText('Skincare')).toBeInTheDocument();
    await user.click(within(optimizer).getByRole('button', { name: 'Add suggested tag Wellness' }));
    await user.click(within(optimizer).getByRole('button', { name: 'Remove Lifestyle' }));
    expect(store.funnels.items.get('CR12345')?.interestTags).toEqual(['Instagram', 'Skincare', 'Wellness']);
  });

  it('shows the AI compatibility scores, saves the bio, and refuses a non-image upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { store } = await renderScreen(<FunnelDashboard />);
    const optimizer = await screen.findByRole('region', { name: 'Profile Optimizer' });
    for (const score of ['95%', '88%', '82%', '78%']) expect(within(optimizer).getByText(score)).toBeInTheDocument();
    const bio = within(optimizer).getByLabelText('Creator Bio');
    await user.clear(bio);
    await user.type(bio, 'Style and travel');
    await user.click(within(optimizer).getByRole('button', { name: 'Save Changes' }));
    expect(store.funnels.items.get('CR12345')?.bio).toBe('Style and travel');
    await user.upload(within(optimizer).getByLabelText('Upload profile image'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(optimizer).getByRole('alert')).toHaveTextContent('notes.txt is not an image');
    await user.click(within(optimizer).getByRole('button', { name: 'Collapse Profile Optimizer' }));
    expect(within(optimizer).queryByLabelText('Creator Bio')).not.toBeVisible();
  });

  it('edits criteria tags and invites a suggested creator at Brief', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<FunnelDashboard />);
    const matching = await screen.findByRole('region', { name: 'Smart Matching' });
    await user.type(within(matching).getByRole('textbox', { name: 'Add niche criteria' }), 'Outdoors{Enter}');
    expect(store.funnels.matchingCriteria.value.value.niche).toContain('Outdoors');
    expect(within(matching).getByText('95% match', { exact: false })).toBeInTheDocument();
    await user.click(within(matching).getByRole('button', { name: 'Invite Lena Park' }));
    expect(store.funnels.items.items.value.find((f) => f.creatorHandle === '@lenaparkstyle')).toMatchObject({ status: 'Brief' });
    expect(within(matching).getByRole('button', { name: 'Lena Park invited' })).toBeDisabled();
    await user.type(within(matching).getByRole('searchbox', { name: 'Search creators' }), 'marcus');
    expect(within(matching).queryByText('Lena Park')).not.toBeInTheDocument();
  });
});

// Keeps the progress figure honest for a funnel the tests build by hand.
it('builds sample-like steps', () => {
  expect(progressPercentage(buildStepsFromStatus('Contract'))).toBe(43);
});

describe('Performance Overview chart', () => {
  it('shows months before any funnel started as No data, as Analytics does, not as 0.0', async () => {
    await renderScreen(<DashboardOverview />);
    const chart = await screen.findByRole('img', { name: 'Conversion rate and engagement, last six months (%)' });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Conversion rate and engagement, last six months (%)' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    // The sample funnels started at most 75 days before the fixed clock (March 10, 2026): October and
    // November have no engagement; no link click is counted in any month, so no conversion either.
    expect(rows[0]).toBe('OctNo dataNo data');
    expect(rows[5]).toBe('MarNo data7.0');
  });

  it('with the team server, the tiles read its totals for the last 6 months, as Analytics does; a refusal is said', async () => {
    const asked: string[] = [];
    const teamApi = {
      resultsOverall: async (from: string, to: string) => {
        asked.push(`overall ${from}..${to}`);
        return { ok: true, days: [{ day: '2026-03-02', clicks: 400, visitors: 300, orders: 10, revenue: 1234.5 }] };
      },
      resultsTotals: async (from: string, to: string) => {
        asked.push(`${from}..${to}`);
        return { ok: true, funnels: [{ funnelId: 'CR12345', clicks: 400, visitors: 300, orders: 10, revenue: 1234.5 }], days: [{ day: '2026-03-02', clicks: 400, visitors: 300, orders: 10, revenue: 1234.5 }] };
      },
      resultsMonths: async (from: string, to: string) => {
        asked.push(`${from}..${to}`);
        return { ok: true, months: [{ funnelId: 'CR12345', month: '2026-03', orders: 10, netSales: 1234.5 }] };
      },
    } as unknown as TeamApi;
    await renderScreen(<DashboardOverview />, { teamApi });
    expect(await screen.findByRole('link', { name: /^Revenue\$1,234\.50/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Conversion Rate2\.5%/ })).toBeInTheDocument();
    expect(asked).toEqual(['overall 2025-10-01..2026-03-10', '2025-10-01..2026-03-10', '2025-10..2026-03']);
  });

  it('a member without viewAnalytics is told why the measured tiles are empty', async () => {
    const refusedIfAsked = async () => ({ ok: false, error: 'refused' });
    const { store } = await renderScreen(<DashboardOverview />, { teamApi: { resultsOverall: refusedIfAsked, resultsTotals: refusedIfAsked, resultsMonths: refusedIfAsked } as unknown as TeamApi });
    const member = store.session.members.get('tm_2')!;
    act(() => {
      store.session.members.put({ ...member, permissions: { ...member.permissions, viewAnalytics: false } });
      store.session.signIn('tm_2');
    });
    expect(await screen.findByRole('link', { name: /^Revenue—You do not have permission to view analytics/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Creator Rating—You do not have permission to view analytics/ })).toBeInTheDocument();
  });

  it('the tiles show Analytics’ measured figures, "—" and the reason with none, and say how each is computed', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<DashboardOverview />);
    const tile = async (name: string) => (await screen.findByRole('link', { name: new RegExp(`^${name}`) }));
    const conversion = await tile('Conversion Rate');
    expect(conversion).toHaveTextContent('Conversion Rate—Link clicks are counted by the team server');
    expect(conversion).toHaveAccessibleDescription('Attributed orders ÷ tracking-link clicks.');
    expect(await tile('Revenue')).toHaveTextContent('Revenue—No sales attributed yet');
    expect(await tile('Revenue')).toHaveAccessibleDescription('Sales attributed to creators by their code or link, after discounts and refunds, without tax or shipping.');
    // The sample's only cost is a $500 flat fee and nothing sold: ROI -1, rating 3 - 0.35.
    expect(await tile('Creator Rating')).toHaveTextContent('Creator Rating2.7 / 5');
    expect(await tile('Creator Rating')).toHaveAccessibleDescription(/from the measured ROI/);
    expect(screen.queryByText('$25,600.00')).not.toBeInTheDocument();
    const sale = store.orders.items.get('ord_3')!;
    act(() => store.orders.items.put({ ...sale, attribution: { funnelId: 'CR12345', code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'code' } }));
    expect(await tile('Revenue')).toHaveTextContent('Revenue$89.00');
    // Reachable by keyboard: the tile's link takes focus and carries its description.
    await user.tab();
    while (document.activeElement !== conversion && document.activeElement !== document.body) await user.tab();
    expect(conversion).toHaveFocus();
  });
});
