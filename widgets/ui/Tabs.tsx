import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<T>[];
  /** The selected tab (controlled). */
  value: T;
  onValueChange(value: T): void;
  /** Default 'horizontal'. */
  orientation?: 'horizontal' | 'vertical';
  /** The panel of the selected tab. */
  children: ReactNode;
}

/** ARIA tabs: roving tabindex, arrow keys, Home and End; the panel is labelled by its tab. */
export function Tabs<T extends string>({ label, items, value, onValueChange, orientation = 'horizontal', children }: TabsProps<T>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (v: string) => `${id}-tab-${v}`;
  const panelId = `${id}-panel`;

  function onKeyDown(event: KeyboardEvent) {
    const index = items.findIndex((item) => item.value === value);
    const next = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
    const previous = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
    let target = -1;
    if (event.key === next) target = (index + 1) % items.length;
    else if (event.key === previous) target = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = items.length - 1;
    if (target < 0) return;
    event.preventDefault();
    onValueChange(items[target].value);
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    buttons?.[target]?.focus();
  }

  return (
    <div className="cf-tabs" data-orientation={orientation}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} ref={listRef} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={tabId(item.value)}
              className="cf-tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              onClick={() => onValueChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0} className="cf-tabpanel">
        {children}
      </div>
    </div>
  );
}
