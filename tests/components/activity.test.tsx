import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../lib/csv';
import { loadLanguage } from '../../lib/i18n';
import { ActivityLog } from '../../widgets/activity';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../widgets/ui/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

async function renderInSpanish() {
  await loadLanguage('es');
  return renderScreen(
    <LanguageProvider lang="es">
      <ActivityLog />
    </LanguageProvider>,
  );
}

describe('<ActivityLog>', () => {
  beforeEach(() => {
    downloads.length = 0;
  });

  it('shows every entry, including writes made elsewhere in the product', async () => {
    const { store } = await renderScreen(<ActivityLog />);
    const table = await screen.findByRole('table', { name: 'Activity log' });
    expect(within(table).getByText('Funnel status updated')).toBeInTheDocument();
    store.inventory.addItem({ sku: 'ACT-1', name: 'Logged item' });
    expect(await within(table).findByText('Inventory item added')).toBeInTheDocument();
  });

  it('says entries written in English in the reader\'s language, old and new alike', async () => {
    const { store } = await renderInSpanish();
    const table = await screen.findByRole('table', { name: 'Registro de actividad' });
    // A sample entry stored before entries were translated.
    expect(within(table).getByText('Estado del embudo actualizado')).toBeInTheDocument();
    expect(within(table).getByText('Sarah Johnson pasó a producción')).toBeInTheDocument();
    const jamie = store.team.members.items.peek().find((m) => m.name === 'Jamie Smith')!;
    store.team.setRole(jamie.id, 'Viewer');
    expect(await within(table).findByText('Rol cambiado')).toBeInTheDocument();
    expect(within(table).getByText('Jamie Smith ahora es lector')).toBeInTheDocument();
  });

  it('says entries made only of data and symbols with their status, type and plan words in Spanish', async () => {
    const { store } = await renderInSpanish();
    const table = await screen.findByRole('table', { name: 'Registro de actividad' });
    const order = store.orders.items.items.peek().find((o) => o.orderNumber === 'ORD-1001')!;
    expect(store.orders.changeStatus(order.id, 'Processing').ok).toBe(true);
    expect(await within(table).findByText(/^ORD-1001: Nuevo → En preparación \(Existencias descontadas: /)).toBeInTheDocument();
    expect(store.admin.changePlan('Business').ok).toBe(true);
    expect(await within(table).findByText('Del plan Pro al plan Business')).toBeInTheDocument();
    store.calendar.addEvent({ title: 'Call Sarah', start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'review', description: '', creatorName: '' });
    expect(await within(table).findByText(/^Revisión «Call Sarah» 12 mar 2026, 10:00 → 12 mar 2026, 11:00$/)).toBeInTheDocument();
    store.admin.saveSettings({ companyName: 'Acme', timeZone: 'America/New_York', language: 'en-US' });
    expect(await within(table).findByText('Cambios: nombre de la empresa «Acme», zona horaria Hora del Este (ET)')).toBeInTheDocument();
  });

  it('searches the entries in the words the reader sees, and in the stored English', async () => {
    const user = userEvent.setup();
    const { store } = await renderInSpanish();
    const order = store.orders.items.items.peek().find((o) => o.orderNumber === 'ORD-1001')!;
    store.orders.changeStatus(order.id, 'Processing');
    const search = await screen.findByRole('searchbox', { name: 'Buscar en la actividad' });
    const table = screen.getByRole('table', { name: 'Registro de actividad' });
    await user.type(search, 'en preparación');
    expect(within(table).getByText(/^ORD-1001: Nuevo → En preparación/)).toBeInTheDocument();
    expect(within(table).queryByText('Sarah Johnson pasó a producción')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'pasó a producción');
    expect(within(table).getByText('Sarah Johnson pasó a producción')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'Processing');
    expect(within(table).getByText(/^ORD-1001: Nuevo → En preparación/)).toBeInTheDocument();
  });

  it('searches action, details or user name', async () => {
    const user = userEvent.setup();
    await renderScreen(<ActivityLog />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search activity' }), 'jamie');
    const table = screen.getByRole('table', { name: 'Activity log' });
    expect(within(table).getByText('Outreach sent')).toBeInTheDocument();
    expect(within(table).queryByText('Funnel status updated')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search activity' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search activity' }), 'no such entry');
    expect(screen.getByText('No activity matches your search')).toBeInTheDocument();
  });

  it('the filter toggle reveals date range, users and action types that really filter', async () => {
    const user = userEvent.setup();
    await renderScreen(<ActivityLog />);
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const filters = screen.getByRole('region', { name: 'Activity filters' });
    expect(within(filters).getByLabelText('From')).toBeInTheDocument();
    await user.click(within(filters).getByRole('checkbox', { name: 'Notification' }));
    const table = screen.getByRole('table', { name: 'Activity log' });
    expect(within(table).getByText('Notification snoozed')).toBeInTheDocument();
    expect(within(table).queryByText('Outreach sent')).not.toBeInTheDocument();
    await user.click(within(filters).getByRole('checkbox', { name: 'Jamie Smith' }));
    expect(screen.getByText('No activity matches your search')).toBeInTheDocument();
  });

  it('exports the shown entries as activity-log-{date}.csv', async () => {
    const user = userEvent.setup();
    await renderScreen(<ActivityLog />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search activity' }), 'webhook');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0].name).toBe('activity-log-2026-03-10.csv');
    const parsed = parseCsv(downloads[0].text);
    expect(parsed.headers).toEqual(['Timestamp', 'User', 'Action', 'Type', 'Details', 'Status']);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0].slice(1)).toEqual(['System', 'Webhook delivery failed', 'System', 'payment.succeeded could not be delivered', 'error']);
  });
});
