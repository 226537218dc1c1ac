import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useControllableState } from '../../widgets/ui/useControllableState';

/** A switch that is controlled or uncontrolled, as screens use the hook. */
function Toggle({ on, defaultOn = false, onOnChange }: { on?: boolean; defaultOn?: boolean; onOnChange?: (on: boolean) => void }) {
  const [value, setValue] = useControllableState({ value: on, defaultValue: defaultOn, onValueChange: onOnChange });
  return (
    <button type="button" role="switch" aria-checked={value} onClick={() => setValue((current) => !current)}>
      Saving
    </button>
  );
}

describe('useControllableState', () => {
  it('uncontrolled: starts at defaultValue, keeps its own value and reports each change', async () => {
    const user = userEvent.setup();
    const onOnChange = vi.fn();
    render(<Toggle defaultOn onOnChange={onOnChange} />);
    const toggle = screen.getByRole('switch', { name: 'Saving' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(onOnChange).toHaveBeenLastCalledWith(false);
  });

  it('controlled: shows the value it is given and only asks for a change', async () => {
    const user = userEvent.setup();
    const onOnChange = vi.fn();
    const { rerender } = render(<Toggle on={false} onOnChange={onOnChange} />);
    const toggle = screen.getByRole('switch', { name: 'Saving' });
    await user.click(toggle);
    expect(onOnChange).toHaveBeenCalledWith(true);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    rerender(<Toggle on onOnChange={onOnChange} />);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('follows a parent that owns the value through onValueChange', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [on, setOn] = useState(false);
      return (
        <>
          <Toggle on={on} onOnChange={setOn} />
          <p>{on ? 'Saving is on' : 'Saving is off'}</p>
        </>
      );
    }
    render(<Parent />);
    await user.click(screen.getByRole('switch', { name: 'Saving' }));
    expect(screen.getByText('Saving is on')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Saving' })).toHaveAttribute('aria-checked', 'true');
  });

  it('does not report a value that did not change', async () => {
    const onOnChange = vi.fn();
    function SetSame() {
      const [value, setValue] = useControllableState({ defaultValue: 'a', onValueChange: onOnChange });
      return (
        <button type="button" onClick={() => setValue('a')}>
          {value}
        </button>
      );
    }
    render(<SetSame />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'a' }));
    expect(onOnChange).not.toHaveBeenCalled();
  });

  it('when the parent lets go of the value, goes on from the last value set', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Toggle on onOnChange={() => {}} />);
    await user.click(screen.getByRole('switch', { name: 'Saving' }));
    rerender(<Toggle onOnChange={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Saving' })).toHaveAttribute('aria-checked', 'false');
  });
});
