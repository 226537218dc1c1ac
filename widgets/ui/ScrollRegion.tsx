import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Whether the element's content is larger than its box (it scrolls), followed as either changes size. */
export function useScrolls(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

export type ScrollRegionProps = {
  children: ReactNode;
  /** The wrapper's class: `cf-table-wrap` unless told. */
  className?: string;
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never });

/**
 * A named region around a table (or a chart) that may scroll sideways on a narrow screen. While
 * it scrolls it takes keyboard focus, so the arrow keys scroll it; otherwise it is no tab stop.
 */
export function ScrollRegion({ children, className = 'cf-table-wrap', label, labelledBy }: ScrollRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <div ref={ref} className={className} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
