import { useSignals } from '@preact/signals-react/runtime';
import { Component, useCallback, useMemo, useRef, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button';
import { downloadText } from './download';
import { eventNavigation, NavigationProvider, useHasNavigation, type Navigation } from './navigation';
import { useStore } from './store-context';
import { baseStyles } from './styles';
import { ensureToaster } from './toast';
import { useAdoptStyles } from './useAdoptStyles';
import { useLanguage, useT } from './i18n';
import type { MessageKey } from '../../lib/domain/messages';
import { OverwriteNotices } from './OverwriteNotices';
import { ReadOnlyNote } from './ReadOnlyNote';
import { InsideScreenProvider } from './screen-nesting';

interface BoundaryProps {
  name: string;
  children: ReactNode;
  onError?: (error: Error) => void;
}

/** No screen ever goes blank: a render error is caught and said, with a way to retry. */
export class ScreenErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Creatorflow: ${this.props.name} failed to render`, error, info.componentStack);
    this.props.onError?.(error);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return <ScreenFailed name={this.props.name} message={this.state.error.message} onRetry={() => this.setState({ error: null })} />;
  }
}

/** Each screen's name (the `name` it gives its frame) by its catalog entry, for the failure banner. */
const SCREEN_NAMES: Readonly<Record<string, MessageKey>> = {
  'Activity Log': 'activity.title',
  Analytics: 'analytics.title',
  Billing: 'crumb.billing',
  Calendar: 'nav.calendar',
  Creator: 'crumb.record.funnel',
  Dashboard: 'nav.dashboard',
  Developer: 'crumb.developer',
  'Export Data': 'export.title',
  'Funnel Dashboard': 'funnelBoard.title',
  'Help Center': 'help.title',
  'Import Data': 'import.title',
  Integrations: 'integrations.title',
  'Inventory summary': 'inventory.summary',
  Inventory: 'inventory.heading',
  Notifications: 'shell.notifications',
  Onboarding: 'crumb.onboarding',
  Orders: 'orders.heading',
  Profile: 'shell.menu.profile',
  Settings: 'settings.title',
  'Team Members': 'team.title',
};

function ScreenFailed({ name, message, onRetry }: { name: string; message: string; onRetry: () => void }) {
  const { t } = useT();
  const known = Object.hasOwn(SCREEN_NAMES, name) ? SCREEN_NAMES[name] : undefined;
  return (
    <div role="alert" className="cf-banner" data-tone="error">
      <span>{t('frame.failed', { name: known ? t(known) : name, message })}</span>
      <Button size="small" onClick={onRetry}>
        {t('frame.tryAgain')}
      </Button>
    </div>
  );
}

/** Says plainly when changes are not being saved, and offers records it could not read. */
export function PersistenceBanner() {
  useSignals();
  const store = useStore();
  const { t, say } = useT();
  const { notice, unreadable } = store.persistence.value;
  if (!notice) return null;
  return (
    <div role="alert" className="cf-banner" data-part="persistence-warning">
      <span>{say(notice)}</span>
      {unreadable.length > 0 && (
        <Button size="small" onClick={() => downloadText('creatorflow-unreadable-records.json', JSON.stringify(unreadable, null, 2), 'application/json')}>
          {t('frame.downloadUnreadable')}
        </Button>
      )}
    </div>
  );
}

export interface ScreenProps {
  /** Human name used in error messages, e.g. 'Inventory'. */
  name: string;
  /** The screen's own CSS text, adopted next to the shared styles. */
  styles?: string;
  children: ReactNode;
  /** Shadow-root part name for embedders' ::part() styling. */
  part?: string;
  className?: string;
}

/**
 * The frame of every screen: styles adopted into its root (document or shadow root),
 * navigation (router from the host app, else cf-navigate events), the storage warning,
 * a loading state until stored data is read, and an error boundary (which also dispatches a
 * bubbling, composed `cf-error` with `detail.message` for embedders).
 */
export function Screen({ name, styles = '', children, part, className }: ScreenProps) {
  useSignals();
  const rootRef = useRef<HTMLDivElement>(null);
  const store = useStore();
  const hasNavigation = useHasNavigation();
  const lang = useLanguage();
  const { t } = useT();
  // Without a navigation from above, links leave as cf-navigate events from the screen's root.
  const navigateByEvent = useCallback((href: string) => eventNavigation(() => rootRef.current).navigate(href), []);
  const fallbackNavigation = useMemo<Navigation>(() => ({ navigate: navigateByEvent }), [navigateByEvent]);
  useAdoptStyles(rootRef, baseStyles, styles);
  if (typeof window !== 'undefined') ensureToaster();

  const content = (
    <div ref={rootRef} className={['cf-root', className].filter(Boolean).join(' ')} part={part} data-screen={name} lang={lang}>
      <ScreenErrorBoundary
        name={name}
        // Embedders hear about it: a bubbling, composed cf-error from the screen's root
        // (after the commit: on a first render the root's ref is attached after the catch).
        onError={(error) =>
          queueMicrotask(() =>
            rootRef.current?.dispatchEvent(
              new CustomEvent('cf-error', { detail: { message: `${name} could not be shown: ${error.message}` }, bubbles: true, composed: true }),
            ),
          )
        }
      >
        <PersistenceBanner />
        {store.ready.value ? (
          <>
            <ReadOnlyNote />
            <OverwriteNotices />
            <InsideScreenProvider>{children}</InsideScreenProvider>
          </>
        ) : (
          <p role="status" className="cf-muted">
            {t('frame.loading')}
          </p>
        )}
      </ScreenErrorBoundary>
    </div>
  );
  return hasNavigation ? content : <NavigationProvider value={fallbackNavigation}>{content}</NavigationProvider>;
}
