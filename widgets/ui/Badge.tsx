import type { ReactNode } from 'react';

export type BadgeColor = 'blue' | 'green' | 'yellow' | 'orange' | 'purple' | 'red' | 'gray';

export function Badge({ color = 'gray', children, label }: { color?: BadgeColor; children: ReactNode; label?: string }) {
  return (
    <span className="cf-badge" data-color={color} aria-label={label}>
      {children}
    </span>
  );
}
