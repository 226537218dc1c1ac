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
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    const toast = (await within(dialog).findAllByRole('alert')).find((el) => within(el).queryByRole('button', { name: 'Dismiss notification' }));
    expect(toast).toHaveTextContent('Please fill in SKU and name');
    await user.click(within(toast!).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Dismiss notification' })).not.toBeInTheDocument());
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
