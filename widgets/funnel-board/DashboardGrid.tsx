import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { moveElement, Responsive, useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import { DASHBOARD_GRID, GRID_BREAKPOINTS, GRID_COLS } from '../../lib/domain/constants';
import type { GridItem } from '../../lib/domain/types';
import type { DashboardLayouts } from '../../lib/store/funnels';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { adoptStyles } from '../ui/useAdoptStyles';

/**
 * react-draggable inserts a <style id="react-draggable-style-el"> on the first drag, which a
 * strict CSP blocks (react-grid-layout passes it no nonce). It skips the insertion when an
 * element with that id exists, so we put an inert placeholder there and supply the same
 * selection rules through a constructable stylesheet, which CSP allows.
 */
function preventDraggableStyleInsertion() {
  if (typeof document === 'undefined' || document.getElementById('react-draggable-style-el')) return;
  const placeholder = document.createElement('meta');
  placeholder.id = 'react-draggable-style-el';
  document.head.appendChild(placeholder);
  adoptStyles(document, '.react-draggable-transparent-selection *::selection { all: inherit; }');
}

export type WidgetId = 'performance' | 'optimizer' | 'matching' | 'funnels';
type BreakpointName = keyof typeof GRID_COLS;

/** The widgets in their default order; each one's title is `funnelBoard.widget.{id}`. */
export const WIDGET_IDS: readonly WidgetId[] = ['performance', 'optimizer', 'matching', 'funnels'];

/** The default arrangement for a column count: performance on top, optimizer and matching side by side, the list below. */
export function defaultLayout(cols: number): GridItem[] {
  const half = cols >= 6 ? Math.floor(cols / 2) : cols;
  const sideBySide = half < cols;
  return [
    { i: 'performance', x: 0, y: 0, w: cols, h: 5, minH: 3, minW: Math.min(2, cols) },
    { i: 'optimizer', x: 0, y: 5, w: half, h: 9, minH: 3, minW: Math.min(2, cols) },
    { i: 'matching', x: sideBySide ? half : 0, y: sideBySide ? 5 : 14, w: sideBySide ? cols - half : cols, h: 9, minH: 3, minW: Math.min(2, cols) },
    { i: 'funnels', x: 0, y: sideBySide ? 14 : 23, w: cols, h: 7, minH: 3, minW: Math.min(2, cols) },
  ];
}

export const DEFAULT_LAYOUTS: Record<BreakpointName, GridItem[]> = Object.fromEntries(
  (Object.keys(GRID_COLS) as BreakpointName[]).map((bp) => [bp, defaultLayout(GRID_COLS[bp])]),
) as Record<BreakpointName, GridItem[]>;

/** Keeps only what the grid item type stores (spec §3 "Dashboard grid item"). */
const toGridItems = (layout: Layout): GridItem[] =>
  layout.map(({ i, x, y, w, h, minW, maxW, minH, maxH }) => {
    const item: GridItem = { i, x, y, w, h };
    if (minW !== undefined) item.minW = minW;
    if (maxW !== undefined) item.maxW = maxW;
    if (minH !== undefined) item.minH = minH;
    if (maxH !== undefined) item.maxH = maxH;
    return item;
  });

function breakpointFor(width: number): BreakpointName {
  const sorted = (Object.entries(GRID_BREAKPOINTS) as [BreakpointName, number][]).sort((a, b) => b[1] - a[1]);
  return sorted.find(([, min]) => width >= min)?.[0] ?? 'xxs';
}

export interface DashboardGridProps {
  /** The body of each widget. */
  widgets: Record<WidgetId, ReactNode>;
  /** Extra header content per widget (e.g. a collapse toggle). */
  headerExtras?: Partial<Record<WidgetId, ReactNode>>;
}

/**
 * The draggable, resizable dashboard grid (spec §2, §9: 12 columns at lg, row height 100,
 * margin 16; columns by breakpoint). Each widget moves by its drag handle. The arrangement
 * is saved for the signed-in member when a drag or resize ends, and restored on the next visit.
 */
export function DashboardGrid({ widgets, headerExtras = {} }: DashboardGridProps) {
  useSignals();
  const store = useStore();
  const saved = store.funnels.myLayout.value;
  const { t } = useT();
  // The grid waits for its container's width: laid out at a guess first, its widgets would
  // visibly shrink into place (and stick out of a phone's screen while they do).
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1200, measureBeforeMount: true });
  useEffect(preventDraggableStyleInsertion, []);
  const layouts = useMemo(() => ({ ...DEFAULT_LAYOUTS, ...(saved ?? {}) }), [saved]);
  const breakpointRef = useRef<BreakpointName>(breakpointFor(width));
  useEffect(() => {
    breakpointRef.current = breakpointFor(width);
  }, [width]);

  function save(layout: Layout) {
    const next: DashboardLayouts = { ...(saved ?? {}), [breakpointRef.current]: toGridItems(layout) };
    return store.funnels.saveDashboardLayout(next);
  }

  // Moved by keyboard: an arrow key on a widget's handle moves it one column or row, the others
  // make way as they do for a drag; the new place is saved and said aloud.
  const [moved, setMoved] = useState('');
  function moveByKey(id: WidgetId, title: string, dx: number, dy: number) {
    const breakpoint = breakpointRef.current;
    const cols = GRID_COLS[breakpoint];
    const layout = (layouts[breakpoint] ?? DEFAULT_LAYOUTS[breakpoint]).map((item) => ({ ...item }));
    const item = layout.find((entry) => entry.i === id);
    if (!item) return;
    const x = Math.min(Math.max(item.x + dx, 0), Math.max(cols - item.w, 0));
    const y = Math.max(item.y + dy, 0);
    if (x === item.x && y === item.y) return setMoved(t('funnelBoard.widget.cannotMove', { title }));
    const next = verticalCompactor.compact(moveElement(layout, item, x, y, true, false, 'vertical', cols), cols);
    const result = save(next);
    const placed = next.find((entry) => entry.i === id);
    if (result.ok && placed) setMoved(t('funnelBoard.widget.movedTo', { title, column: placed.x + 1, row: placed.y + 1 }));
  }

  return (
    <div className="cf-stack" style={{ gap: 8 }}>
      <div className="cf-row">
        <p className="cf-muted" style={{ margin: 0 }}>
          {t('funnelBoard.grid.hint')}
        </p>
        <span className="cf-spacer" />
        <Button size="small" variant="ghost" disabled={!saved} onClick={() => store.funnels.saveDashboardLayout(null)}>
          {t('funnelBoard.grid.reset')}
        </Button>
      </div>
      <div ref={containerRef} className="cf-dashboard-grid" data-layout={saved ? 'saved' : 'default'} data-measured={mounted || undefined} part="grid">
        {mounted ? (
          <Responsive
            width={width}
            breakpoints={GRID_BREAKPOINTS}
            cols={GRID_COLS}
            layouts={layouts}
            rowHeight={DASHBOARD_GRID.rowHeight}
            margin={DASHBOARD_GRID.margin}
            // No side padding: widgets line up with the page's edges and never stick out of it.
            containerPadding={[0, DASHBOARD_GRID.margin[1]]}
            dragConfig={{ handle: '.cf-drag-handle', enabled: true, bounded: false, threshold: 3 }}
            onBreakpointChange={(bp) => {
              breakpointRef.current = bp as BreakpointName;
            }}
            onDragStop={(layout) => save(layout)}
            onResizeStop={(layout) => save(layout)}
          >
            {WIDGET_IDS.map((id) => (
              <div key={id} data-widget={id}>
                <Widget title={t(`funnelBoard.widget.${id}`)} extra={headerExtras[id]} onMove={(dx, dy) => moveByKey(id, t(`funnelBoard.widget.${id}`), dx, dy)}>
                  {widgets[id]}
                </Widget>
              </div>
            ))}
          </Responsive>
        ) : null}
      </div>
      <p className="cf-visually-hidden" aria-live="polite">
        {moved}
      </p>
    </div>
  );
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** A widget frame: title, drag handle, body. */
export function Widget({ title, extra, children, onMove }: { title: string; extra?: ReactNode; children: ReactNode; /** Moves the widget by grid cells (arrow keys on its handle). */ onMove?(dx: number, dy: number): void }) {
  const titleId = useId();
  const { t } = useT();
  return (
    <section className="cf-card cf-widget" aria-labelledby={titleId} part="widget">
      <header className="cf-widget-head">
        {onMove ? (
          <button
            type="button"
            className="cf-drag-handle"
            title={t('funnelBoard.widget.drag', { title })}
            aria-label={t('funnelBoard.widget.move', { title })}
            onKeyDown={(event) => {
              const step = ARROWS[event.key];
              if (!step) return;
              event.preventDefault();
              onMove(step[0], step[1]);
            }}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        ) : (
          <span className="cf-drag-handle" title={t('funnelBoard.widget.drag', { title })} aria-hidden="true">
            ⠿
          </span>
        )}
        <h2 id={titleId}>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

/** A collapsible widget body with its toggle (Profile Optimizer is collapsible, spec §2). */
export function useCollapsible(label: string, defaultOpen = true) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const { t } = useT();
  const toggle = (
    <Button size="small" variant="ghost" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
      {t(open ? 'funnelBoard.widget.collapse' : 'funnelBoard.widget.expand', { label })}
    </Button>
  );
  return { open, bodyId, toggle };
}
