import { Suspense, useMemo } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { NavigationProvider, type Navigation } from '../widgets/ui/navigation';
import { AppToaster } from '../widgets/ui/toast';
import { useAdoptStyles } from '../widgets/ui/useAdoptStyles';
import { baseStyles } from '../widgets/ui/styles';
import { useRef } from 'react';
import { shellStyles } from './styles';

const SIDEBAR = [
  { to: '/', label: 'Dashboard' },
  { to: '/funnel', label: 'Funnel Dashboard' },
  { to: '/orders', label: 'Orders' },
  { to: '/inventory', label: 'Inventory' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/help', label: 'Help Center' },
  { to: '/settings', label: 'Settings' },
];

/** The host app's frame: sidebar, main area and the page's one toaster. */
export function Shell() {
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(() => ({ navigate: (href) => navigate(href) }), [navigate]);
  const ref = useRef<HTMLDivElement>(null);
  useAdoptStyles(ref, baseStyles, shellStyles);
  return (
    <NavigationProvider value={navigation}>
      <div className="cf-root cf-shell" ref={ref}>
        <a className="cf-skip-link" href="#cf-main">
          Skip to content
        </a>
        <nav className="cf-sidebar" aria-label="Main">
          <p className="cf-brand">Creatorflow</p>
          <ul>
            {SIDEBAR.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="cf-main" className="cf-main">
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </main>
        <AppToaster />
      </div>
    </NavigationProvider>
  );
}
