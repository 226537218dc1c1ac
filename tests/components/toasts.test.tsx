import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanup } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { Inventory } from '../../widgets/inventory';
import { TOAST } from '../../lib/domain/constants';
import { AppToaster, toast } from '../../widgets/ui/toast';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

/** The Inventory screen; the page's toaster is mounted once for every component test (setup.ts), as the host app mounts it. */
const renderInventoryWithToaster = () => renderScreen(<Inventory />);

describe('toasts and dialogs', () => {
  it('a toast raised while a dialog is open shows inside it (above the dimmed page) and can be closed', async () => {
    const user = userEvent.setup();
    await renderInventoryWithToaster();
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    // Any screen's toast, e.g. a change arriving from another tab; it stays until closed.
    act(() => void toast('Stock changed in another tab', { duration: Infinity }));
    const raised = await within(dialog).findByRole('status');
    expect(raised).toHaveTextContent('Stock changed in another tab');
    await user.click(within(raised).getByRole('button', { name: 'Dismiss notification' }));
    // Closed at once (it fades out), and taken out of the page the spec's removal delay later:
    // the wait covers that delay, which is longer than waitFor's default second.
    await waitFor(() => expect(raised).toHaveAttribute('data-visible', 'false'));
    await waitFor(() => expect(within(dialog).queryByRole('status')).not.toBeInTheDocument(), { timeout: TOAST.removeDelayMs * 5 });
  });

  it('with the dialog closed, toasts are back on the page', async () => {
    const user = userEvent.setup();
    await renderInventoryWithToaster();
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    await user.type(within(dialog).getByLabelText('SKU'), 'TRI-9');
    await user.type(within(dialog).getByLabelText('Product Name'), 'Tripod');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    const message = await screen.findByText('Inventory item added successfully');
    expect(message.closest('dialog')).toBeNull();
  });

  /** Adds an inventory item in a language and reads the toasts the page shows for it. */
  async function toastsOfAddingAnItem(lang: LanguageCode) {
    await loadLanguage(lang);
    const user = userEvent.setup();
    // A toaster of the page in that language (the one setup.ts mounts speaks the default store's).
    const { container } = await renderScreen(
      <LanguageProvider lang={lang}>
        <Inventory />
        <AppToaster />
      </LanguageProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /^(Add Item|Añadir artículo|Ajouter un article)$/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getAllByRole('textbox')[0], `TOAST-${lang}`);
    await user.type(within(dialog).getAllByRole('textbox')[1], 'Tripod');
    await user.click(within(dialog).getAllByRole('button').at(-1)!);
    // Each toast's words are its message.
    const messages = () => [...container.querySelectorAll('.cf-toaster .cf-toast-message')].map((message) => message.textContent?.trim() ?? '').filter(Boolean);
    await waitFor(() => expect(messages().length).toBeGreaterThan(0));
    const texts = messages();
    act(() => toast.remove());
    cleanup();
    return texts;
  }

  it.each(['es', 'fr'] as const)('the toasts a flow raises are said in %s, never in English', async (lang) => {
    const english = await toastsOfAddingAnItem('en-US');
    expect(english).toContain('Inventory item added successfully');
    const translated = await toastsOfAddingAnItem(lang);
    expect(translated.length).toBeGreaterThan(0);
    for (const text of translated) expect(english).not.toContain(text);
  });
});
