import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router-dom';
import { preloadRoute, routes } from './routes';

// Declarative routing: the app needs no loaders or actions, and this keeps react-router's
// data-router code out of the first load.
function App() {
  return useRoutes(routes);
}

// The entry holds React, the router and the route table only. The opened URL's chunks (the
// shell and its screen, or a sign-in page) load side by side, and the first render waits for
// them: the page would be blank meanwhile anyway, and nothing then suspends. A chunk that
// fails to load is imported again by its route, which shows the error.
const opened = (matchRoutes(routes, window.location) ?? []).map((match) => preloadRoute(match.route));
void Promise.all(opened).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
