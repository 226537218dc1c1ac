import { useId } from 'react';

export interface SearchFieldProps {
  /** The visible (or, with `hideLabel`, screen-reader-only) label. */
  label: string;
  /** The search text (controlled). */
  value: string;
  onValueChange(value: string): void;
  placeholder?: string;
  /** Keep the label for assistive technology only. Default false. */
  hideLabel?: boolean;
  /** Make the field its own search landmark. Default false. */
  landmark?: boolean;
  /** Extra class on the wrapper. */
  className?: string;
  /** Extra class on the input. */
  inputClassName?: string;
}

/** A labelled search input with a per-instance id (two screens on one page never collide). */
export function SearchField({ label, value, onValueChange, placeholder, hideLabel = false, landmark = false, className, inputClassName }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={['cf-field', className].filter(Boolean).join(' ')} role={landmark ? 'search' : undefined}>
      <label htmlFor={id} className={hideLabel ? 'cf-visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        className={['cf-input', inputClassName].filter(Boolean).join(' ')}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
