// The server's write transaction. Everything is in server/db/tx/: the staged transaction
// (staged.ts, reads.ts, commit.ts, team.ts, queue-mail.ts, server-tx.ts), running a mutator
// (run-mutation.ts, actors.ts, outcome.ts) and the errors (errors.ts).
export { NotPreloadedError, TxRejected, WorkspaceMissingError } from './tx/errors';
export { lockWorkspaceVersion, type CommitResult, type ServerTx, type ServerTxOptions } from './tx/staged';
export { createServerTx } from './tx/server-tx';
export { outcomeHttpStatus, type MutationOutcome } from './tx/outcome';
export { MAX_CLOCK_SKEW_MS, runMutation, type InTransaction, type RunMutationOptions } from './tx/run-mutation';
export { shopActor, systemActor } from './tx/actors';
export { systemWrite } from './tx/system-write';
