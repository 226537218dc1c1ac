// The creator's results on their portal, in the portal's language: code and link with copy
// buttons, and clicks, orders and commission earned this month and in total.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreatorResults } from '../../lib/domain/commission';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { PortalResults } from '../../host/portal/PortalResults';
import type { PortalController } from '../../host/portal/usePortal';
import { useTranslator } from '../../widgets/ui/language';

const RESULTS: CreatorResults = {
  code: 'SARAHJSTYLE',
  link: 'https://cf.example.com/r/SARAHJSTYLE?w=acme',
  thisMonth: { clicks: 7, orders: 1, earned: 10 },
  total: { clicks: 1234, orders: 3, earned: 90.5 },
};

function Portal({ lang, results = RESULTS }: { lang: LanguageCode; results?: CreatorResults }) {
  const tr = useTranslator(lang);
  return <PortalResults portal={{ tr } as PortalController} results={results} />;
}

describe('the creator’s results on the portal', () => {
  it('shows the figures this month and in total, and copies the code and the link', async () => {
    const user = userEvent.setup();
    render(<Portal lang="en-US" />);
    const table = screen.getByRole('table', { name: 'Your clicks, orders and commission' });
    expect(within(table).getByRole('row', { name: /Clicks on your link/ })).toHaveTextContent('Clicks on your link71,234');
    expect(within(table).getByRole('row', { name: /Orders with your code or link/ })).toHaveTextContent('Orders with your code or link13');
    expect(within(table).getByRole('row', { name: /Commission earned/ })).toHaveTextContent('Commission earned$10.00$90.50');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code SARAHJSTYLE copied');
    expect(await navigator.clipboard.readText()).toBe('SARAHJSTYLE');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Tracking link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://cf.example.com/r/SARAHJSTYLE?w=acme');
  });

  it('speaks Spanish and French', async () => {
    await Promise.all([loadLanguage('es'), loadLanguage('fr')]);
    const { unmount } = render(<Portal lang="es" />);
    expect(screen.getByRole('heading', { name: 'Tus resultados' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Comisión ganada/ })).toHaveTextContent(/Comisión ganada10,00\s?US\$90,50\s?US\$/);
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
    unmount();
    render(<Portal lang="fr" />);
    expect(screen.getByRole('columnheader', { name: 'Ce mois-ci' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Clics sur votre lien/ })).toBeInTheDocument();
  });

  it('says when the link is not available', () => {
    render(<Portal lang="en-US" results={{ ...RESULTS, link: null }} />);
    expect(screen.getByText('Your tracking link is not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
