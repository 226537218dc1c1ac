import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NavigationProvider, type Navigation } from '../widgets/ui/navigation';
import { useLanguage, useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';
import { baseStyles } from '../widgets/ui/styles';
import { AppToaster } from '../widgets/ui/toast';
import { hasUnsavedChanges, leavePage } from '../widgets/ui/unsavedChanges';
import { useAdoptStyles } from '../widgets/ui/useAdoptStyles';
import { Breadcrumb, recordNamer, translatedCrumb, unnamedRecordKey } from './Breadcrumb';
import { documentTitle } from './breadcrumbs';
import { NotificationsLink } from './NotificationsLink';
import { SIDEBAR } from './screens';
import { followNotKept } from './not-kept';
import { isPublicPage } from '../lib/domain/public-pages';
import { SignedOut, SignedOutPage } from './SignedOut';
import { shellStyles } from './styles';
import { TopSearch } from './TopSearch';
import { SyncStatus } from './SyncStatus';
import { UserMenu } from './UserMenu';

/** The host app's frame: top bar, sidebar, breadcrumb, main area and the page's one toaster. */
export function Shell() {
  useSignals();
  const store = useStore();
  // A removed member's changes that were not kept, for the removal screen to name.
  useEffect(() => followNotKept(store), [store]);
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  // The router marks the page the app was opened at with the key 'default': from there, Back
  // has no page of this app to return to (a bookmark or a shared link), so it goes to the dashboard.
  const openedHere = location.key === 'default';
  const navigation = useMemo<Navigation>(
    () => ({
      navigate: (href) => void navigate(href),
      back: (fallbackHref) => void (openedHere ? navigate(fallbackHref) : navigate(-1)),
    }),
    [navigate, openedHere],
  );
  const ref = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  // The narrow-screen sidebar is open on the page where it was opened: a route change closes it.
  const [sidebarOpenAt, setSidebarOpenAt] = useState<string | null>(null);
  const sidebarOpen = sidebarOpenAt === pathname;
  const setSidebarOpen = (open: boolean) => setSidebarOpenAt(open ? pathname : null);
  useAdoptStyles(ref, baseStyles, shellStyles);
  const lang = useLanguage();
  const translator = useT();
  const { t } = translator;
  // The page's language is the workspace's (the member's choice): assistive technology and the
  // browser's hyphenation and spell checking follow it.
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  // A route change names the page and moves focus to the new content (not on first load),
  // as a full page load would for assistive technology.
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  // The tab's title follows the page and the language (a language change names the page again, without moving focus).
  const nameOf = useMemo(() => recordNamer(store), [store]);
  // Read here so that a record arriving (or renamed) names the tab too.
  const recordTitle = documentTitle(pathname, (heading) => translatedCrumb(heading, translator) ?? heading, nameOf, (kind) => t(unnamedRecordKey(kind)));
  useEffect(() => {
    document.title = recordTitle;
  }, [recordTitle]);

  const signedOut = store.ready.value && !store.session.signedIn.value;

  return (
    <NavigationProvider value={navigation}>
      <div
        className="cf-root cf-shell"
        ref={ref}
        data-sidebar={sidebarOpen ? 'open' : 'closed'}
        // The host's own links (sidebar, brand) bypass the screens' navigation: with unsaved
        // changes on the page, any link to a page of the app asks first.
        onClickCapture={(event) => {
          if (!hasUnsavedChanges() || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          const anchor = (event.target as Element).closest?.<HTMLAnchorElement>('a[href]');
          if (!anchor || anchor.target === '_blank' || anchor.origin !== window.location.origin) return;
          event.preventDefault();
          event.stopPropagation();
          const href = anchor.pathname + anchor.search + anchor.hash;
          leavePage(() => void navigate(href));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && sidebarOpen) setSidebarOpen(false);
        }}
      >
        {signedOut && isPublicPage(pathname) ? (
          <SignedOutPage>
            <Suspense fallback={<p role="status">{t('frame.loadingPage')}</p>}>
              <Outlet />
            </Suspense>
          </SignedOutPage>
        ) : signedOut ? (
          <SignedOut />
        ) : (
          <>
            <a className="cf-skip-link" href="#cf-main">
              {t('shell.skip')}
            </a>
            <header className="cf-topbar">
              <button
                type="button"
                className="cf-button cf-icon-button cf-sidebar-toggle"
                data-variant="ghost"
                aria-label={t('shell.mainMenu')}
                aria-expanded={sidebarOpen}
                aria-controls="cf-sidebar"
                onClick={() => setSidebarOpen(!sidebarOpen)}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M4 6h16M4 12h16M4 18h16" />
                </svg>
              </button>
              <NavLink to="/" className="cf-brand" aria-label={t('shell.home')}>
                Creatorflow
              </NavLink>
              <TopSearch />
              <span className="cf-spacer" />
              <SyncStatus />
              <NotificationsLink />
              <UserMenu />
            </header>
            {/* The sidebar (spec §2 "Shell") lists the screen list's links; the exact current path is highlighted. */}
            <nav id="cf-sidebar" className="cf-sidebar" aria-label={t('shell.mainNav')}>
              <ul>
                {SIDEBAR.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end>
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="cf-sidebar-scrim" hidden={!sidebarOpen} onClick={() => setSidebarOpen(false)} />
            <div className="cf-content">
              <Breadcrumb pathname={pathname} nameOf={nameOf} />
              <main id="cf-main" className="cf-main" ref={mainRef} tabIndex={-1}>
                <Suspense fallback={<p role="status">{t('frame.loadingPage')}</p>}>
                  <Outlet />
                </Suspense>
              </main>
            </div>
          </>
        )}
        <AppToaster />
      </div>
    </NavigationProvider>
  );
}
