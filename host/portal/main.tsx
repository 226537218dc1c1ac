// The creator portal's entry: a page of its own (dist/host/portal.html, served at /c/<token>).
// It loads no workspace, no store and no router: only this creator's funnel, by the link's token.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tokenFromPath } from './api';
import { CreatorPortal, PortalFrame } from './CreatorPortal';
import { usePortal } from './usePortal';

function PortalPage() {
  const portal = usePortal(tokenFromPath(window.location.pathname));
  const { t } = portal.tr;
  if (portal.status === 'ready' && portal.view) return <CreatorPortal portal={portal} />;
  const [title, body] =
    portal.status === 'loading'
      ? [t('portal.loading'), '']
      : portal.status === 'failed'
        ? [t('portal.loadFailed'), '']
        : [t('portal.ended.title'), t('portal.ended.body')];
  return (
    <PortalFrame portal={portal}>
      <h1>{title}</h1>
      {body && <p role="status">{body}</p>}
    </PortalFrame>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalPage />
  </StrictMode>,
);
