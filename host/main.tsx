import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { configure } from '../lib/store/createStore';
import { createSyncStorage } from '../lib/storage/sync';
import { routes } from './routes';
import { isTeamServer } from './server-mode';

// With a team server, the workspace is the team's: cached here, synced with the server.
if (isTeamServer()) configure({ storage: createSyncStorage() });

// Declarative routing: the app needs no loaders or actions, and this keeps react-router's
// data-router code out of the first load.
function App() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
