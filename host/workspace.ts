// The workspace half of the host app, fetched after the entry (beside the opened screen's chunk):
// the store, set up with the team server's sync client when the page comes from one, and the
// shell around the screens. The sign-in, invitation and setup pages never load it.
import { createSyncClient } from '../lib/sync/client';
import { configure } from '../lib/store/createStore';
import { isTeamServer } from './server-mode';
import { Shell } from './Shell';

let started = false;

/**
 * Sets up the page's store once (with a team server, the workspace is the team's: cached here,
 * synced with the server) and gives the shell. Called as the module arrives, before anything
 * asks for the store. A call, not a statement at the top of this module: the package declares
 * its modules free of side effects, so the bundler would drop such a statement.
 */
export function startWorkspace(): typeof Shell {
  if (!started) {
    started = true;
    if (isTeamServer()) configure({ sync: createSyncClient() });
  }
  return Shell;
}
