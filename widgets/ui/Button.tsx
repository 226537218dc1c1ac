import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight. Default 'secondary'. */
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  /** Default 'medium'. */
  size?: 'medium' | 'small';
  /** When set, the button is disabled and this reason is shown as its description, so a member learns why. */
  disabledReason?: string | null;
}

export function Button({ variant = 'secondary', size = 'medium', disabledReason, className, type = 'button', disabled, title, ...rest }: ButtonProps) {
  const blocked = Boolean(disabledReason);
  return (
    <button
      type={type}
      className={['cf-button', className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-size={size}
      disabled={disabled || blocked}
      title={blocked ? disabledReason! : title}
      {...rest}
    />
  );
}
