import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router-dom';
import { matchLanguage, pageLanguage } from '../widgets/ui/pageLanguage';
import { preloadRoute, routes } from './routes';

// Declarative routing: the app needs no loaders or actions, and this keeps react-router's
// data-router code out of the first load.
function App() {
  return useRoutes(routes);
}

// A sign-out made while the server was out of reach is delivered first, whatever page opens.
// Its module comes beside the page's own chunks (the entry stays small); the sync client and the
// sign-in form wait for the delivery themselves before asking anything of the server.
void import('../lib/sync/owed-sign-out').then((owed) => owed.deliverOwedSignOut());

// The entry holds React, the router and the route table only. The opened URL's chunks (the
// shell and its screen, or a sign-in page) load side by side, and the first render waits for
// them: the page would be blank meanwhile anyway, and nothing then suspends. A chunk that
// fails to load is imported again by its route, which shows the error.
const opened: Promise<unknown>[] = (matchRoutes(routes, window.location) ?? []).map((match) => preloadRoute(match.route));
// The catalog of the language the first paint speaks comes with them: the member's (the team
// server writes it into the page) or, before sign-in, the browser's.
const firstLanguage = pageLanguage() ?? matchLanguage(navigator.language);
// The catalogs' module is a chunk the shell and the sign-in pages share: imported, not bundled here.
if (firstLanguage && firstLanguage !== 'en-US') opened.push(import('../lib/i18n').then((i18n) => i18n.loadLanguage(firstLanguage)));
void Promise.all(opened).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
