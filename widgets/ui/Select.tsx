import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useControllableState } from './useControllableState';

export interface SelectOption<T extends string> {
  value: T;
  /** The option's visible text. Default: the value. */
  label?: ReactNode;
  disabled?: boolean;
  /** The option's language when it differs from the screen's (a language's own name). */
  lang?: string;
}

export interface SelectProps<T extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'defaultValue' | 'onChange' | 'children'> {
  /** The choices, in order; `onValueChange` only ever receives one of their values. */
  options: readonly SelectOption<T>[];
  /** The chosen value (controlled). */
  value?: NoInfer<T>;
  /** The first chosen value when uncontrolled. Default: the first option's value. */
  defaultValue?: NoInfer<T>;
  /** Called with the chosen option's value, typed as the options are. */
  onValueChange?(value: NoInfer<T>): void;
}

/**
 * A native `<select>` whose value has the options' type: the chosen value is looked up among
 * the options, so callers need no `event.target.value as X` cast. Controlled or uncontrolled.
 */
export function Select<T extends string>({ options, value, defaultValue, onValueChange, className, ...rest }: SelectProps<T>) {
  const [current, setCurrent] = useControllableState<T | undefined>({
    value,
    defaultValue: defaultValue ?? options[0]?.value,
    onValueChange: onValueChange && ((next) => next !== undefined && onValueChange(next)),
  });
  return (
    <select
      {...rest}
      className={className ? `cf-select ${className}` : 'cf-select'}
      value={current ?? ''}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) setCurrent(chosen.value);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
          {option.label ?? option.value}
        </option>
      ))}
    </select>
  );
}
