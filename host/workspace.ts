// The workspace half of the host app, fetched after the entry (beside the opened screen's chunk):
// the store, set up with the team server's sync client when the page comes from one, and the
// shell around the screens. The sign-in, invitation and setup pages never load it.
import { createSyncStorage } from '../lib/storage/sync';
import { configure } from '../lib/store/createStore';
import { isTeamServer } from './server-mode';

// With a team server, the workspace is the team's: cached here, synced with the server. This
// runs before anything asks for the store (the shell and the screens are imported after it).
if (isTeamServer()) configure({ storage: createSyncStorage() });

export { Shell } from './Shell';
