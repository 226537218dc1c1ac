// Types of processes.mjs, for the TypeScript tests and benches that start child processes.
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Node's arguments that run the team server from source: `--import tsx server/main.ts`. */
export const SERVER_MAIN: readonly string[];

/** A TCP port on 127.0.0.1 that the system reports free. */
export function freePort(): Promise<number>;

export interface StartOptions {
  /** Node's arguments. Default: `SERVER_MAIN`. */
  args?: readonly string[];
  /** Environment on top of the parent's, PORT, HOST=127.0.0.1 and LOG_LEVEL=warn. */
  env?: Record<string, string>;
  /** The port to listen on (PORT). Default: a free one. */
  port?: number;
  /** Ready when this text appears on standard output. Default: when `/readyz` answers 200. */
  readyLine?: string;
  /** Give up after this long. Default: never (the caller's timeout bounds the wait). */
  timeoutMs?: number;
  /** How error messages name the process. Default: "The server". */
  name?: string;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything it wrote to standard output and error so far. */
  output(): string;
  /** Sends `signal` (default SIGTERM) if it still runs, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node <args>` in the repository and resolves once it is ready; rejects with its output if it exits first. */
export function startServerProcess(options?: StartOptions): Promise<ServerProcess>;
