import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from './i18n';

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

/** Which sides of a box that scrolls sideways hide more content: 'end' (more to the right), 'start', 'both', or none. */
export type SideMore = 'start' | 'end' | 'both' | undefined;

export function useSideMore(ref: React.RefObject<HTMLElement | null>): SideMore {
  const [more, setMore] = useState<SideMore>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const left = Math.abs(element.scrollLeft);
      const start = hidden > 1 && left > 1;
      const end = hidden > 1 && left < hidden - 1;
      setMore(start && end ? 'both' : start ? 'start' : end ? 'end' : undefined);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return more;
}

/** Says, under a box that scrolls sideways, that it holds more columns than show (the box's edge fades on that side). */
export function ScrollHint({ more }: { more: SideMore }) {
  const { t } = useT();
  if (!more) return null;
  return (
    <p className="cf-scroll-hint" aria-hidden="true">
      {t('frame.scrollsSideways')}
    </p>
  );
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
  const more = useSideMore(ref);
  return (
    <>
      <div ref={ref} className={className} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={scrolls ? 0 : undefined} data-more={more}>
        {children}
      </div>
      <ScrollHint more={more} />
    </>
  );
}
