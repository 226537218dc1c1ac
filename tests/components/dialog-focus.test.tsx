import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../widgets/ui/Dialog';

/** An opener, and a dialog that leaves the page when its work is done (as many screens render them). */
function Opener({ unmount }: { unmount: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen} title="Rename">
      <button type="button" onClick={() => setOpen(false)}>
        Done
      </button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {unmount ? open && dialog : dialog}
    </>
  );
}

describe('Dialog gives focus back to its opener', () => {
  it.each([
    ['closed', false],
    ['taken off the page while open', true],
  ])('when %s', async (_how, unmount) => {
    const user = userEvent.setup();
    render(<Opener unmount={unmount} />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Done' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open it' })));
  });
});
