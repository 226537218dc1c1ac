import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { Select } from '../../widgets/ui/Select';

type Period = '6m' | '12m';
const PERIODS = [
  { value: '6m', label: 'Last 6 months' },
  { value: '12m', label: 'Last 12 months' },
] as const;

describe('<Select>', () => {
  it('renders a labelled native select with its options', () => {
    render(
      <>
        <label htmlFor="period">Period</label>
        <Select id="period" options={PERIODS} defaultValue="12m" />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Period' });
    expect(select).toHaveClass('cf-select');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Last 6 months', 'Last 12 months']);
    expect(select).toHaveValue('12m');
  });

  it('uncontrolled: starts at the first option and reports the chosen value with the options’ type', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn<(value: Period) => void>();
    render(<Select aria-label="Period" options={PERIODS} onValueChange={onValueChange} />);
    const select = screen.getByRole('combobox', { name: 'Period' });
    expect(select).toHaveValue('6m');
    await user.selectOptions(select, 'Last 12 months');
    expect(select).toHaveValue('12m');
    expect(onValueChange).toHaveBeenCalledWith('12m');
  });

  it('controlled: shows the value it is given until the parent changes it', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select aria-label="Period" options={PERIODS} value="6m" onValueChange={onValueChange} />);
    const select = screen.getByRole('combobox', { name: 'Period' });
    await user.selectOptions(select, 'Last 12 months');
    expect(onValueChange).toHaveBeenCalledWith('12m');
    expect(select).toHaveValue('6m');
  });

  it('with a parent that owns the value, the choice sticks', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [period, setPeriod] = useState<Period>('6m');
      return (
        <>
          <Select aria-label="Period" options={PERIODS} value={period} onValueChange={setPeriod} />
          <p>Showing {period}</p>
        </>
      );
    }
    render(<Parent />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 months');
    expect(screen.getByText('Showing 12m')).toBeInTheDocument();
  });

  it('disabled options cannot be chosen, and the select can be disabled', () => {
    const { rerender } = render(<Select aria-label="Role" options={[{ value: 'Admin' }, { value: 'Viewer', disabled: true }]} />);
    expect(screen.getByRole('option', { name: 'Viewer' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Admin' })).toBeEnabled();
    rerender(<Select aria-label="Role" options={[{ value: 'Admin' }, { value: 'Viewer', disabled: true }]} disabled />);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  });

  it('types onValueChange from the options (no cast needed)', () => {
    render(
      <Select
        aria-label="Period"
        options={PERIODS}
        onValueChange={(value) => {
          expectTypeOf(value).toEqualTypeOf<Period>();
        }}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeInTheDocument();
  });
});
