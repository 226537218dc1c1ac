import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Inventory } from '../../widgets/inventory';
import { TOAST } from '../../lib/domain/constants';
import { toast } from '../../widgets/ui/toast';
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
});
