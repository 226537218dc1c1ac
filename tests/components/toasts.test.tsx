import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Inventory } from '../../widgets/inventory';
import { AppToaster } from '../../widgets/ui/toast';
import { renderScreen } from '../helpers/render';

describe('toasts and dialogs', () => {
  it('a toast raised while a dialog is open shows inside it (above the dimmed page) and can be closed', async () => {
    const user = userEvent.setup();
    await renderScreen(
      <>
        <Inventory />
        <AppToaster />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'View details of Smart Watch' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Smart Watch' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Smart Watch' });
    await user.type(within(dialog).getByLabelText('Location'), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const toast = await within(dialog).findByRole('status');
    expect(toast).toHaveTextContent('Smart Watch updated');
    await user.click(within(toast).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(within(dialog).queryByRole('status')).not.toBeInTheDocument());
  });

  it('with the dialog closed, toasts are back on the page', async () => {
    const user = userEvent.setup();
    await renderScreen(
      <>
        <Inventory />
        <AppToaster />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    await user.type(within(dialog).getByLabelText('SKU'), 'TRI-9');
    await user.type(within(dialog).getByLabelText('Product Name'), 'Tripod');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    const message = await screen.findByText('Inventory item added successfully');
    expect(message.closest('dialog')).toBeNull();
  });
});
