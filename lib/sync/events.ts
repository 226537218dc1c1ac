// The server's event stream: pokes (pull, something changed) and a heartbeat every HEARTBEAT_MS.
// One tab of the browser holds the stream (the holder of a Web Lock) and relays both to the
// others over a BroadcastChannel, so a member with ten tabs costs the server one stream. The
// heartbeat is checked, whatever the socket says (a stopped server keeps its sockets open): a
// heartbeat overdue, or a stream that breaks, is reported so the client checks whether the
// server is still there; a silence longer than SILENCE_MS is reported as the server being gone.
import { HEARTBEAT_EVENT, HEARTBEAT_OVERDUE_MS, POKE_EVENT, SILENCE_MS, SYNC_PATHS } from './protocol';

export interface EventStreamOptions {
  server: string;
  credentials: RequestCredentials;
  /** Query parameters for the stream, which cannot send headers (an embed session's client secret). */
  query?: () => Record<string, string> | Promise<Record<string, string>>;
  /** A poke (`version` absent: something may have been missed, pull anyway). */
  onPoke(version: number | undefined): void;
  /** The stream (or the tab holding it) spoke: the server is there. */
  onHeard(): void;
  /** The stream's heartbeat is overdue, or the stream broke: is the server still there? */
  onTrouble(): void;
  /** No heartbeat for more than SILENCE_MS: the server is not there. Said once per silence. */
  onSilent(): void;
  isClosed(): boolean;
}

type Relayed = { type: typeof POKE_EVENT; version?: number } | { type: typeof HEARTBEAT_EVENT };

/** Opens the stream (or follows the tab that holds it); returns what stops it. */
export function listenToServer(options: EventStreamOptions): () => void {
  if (typeof EventSource === 'undefined' || typeof window === 'undefined') return () => {};
  const { server } = options;
  const cleanups: (() => void)[] = [];
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`creatorflow-sync:${server}`) : null;
  let events: EventSource | null = null;
  let lastHeard = Date.now();
  let lastTrouble = 0;
  let silent = false;
  const heard = () => {
    lastHeard = Date.now();
    silent = false;
    options.onHeard();
  };
  // At most once a second: a stream that keeps failing to reconnect asks again, not in a loop.
  const trouble = () => {
    if (options.isClosed() || Date.now() - lastTrouble < 1000) return;
    lastTrouble = Date.now();
    options.onTrouble();
  };

  channel?.addEventListener('message', (event: MessageEvent<Relayed>) => {
    if (event.data?.type === POKE_EVENT) options.onPoke(event.data.version);
    if (event.data?.type === POKE_EVENT || event.data?.type === HEARTBEAT_EVENT) heard();
  });

  const open = async () => {
    events?.close();
    const query = new URLSearchParams((await options.query?.()) ?? {}).toString();
    if (options.isClosed()) return;
    const stream = new EventSource(`${server}${SYNC_PATHS.events}${query ? `?${query}` : ''}`, { withCredentials: options.credentials === 'include' });
    events = stream;
    stream.addEventListener('error', () => {
      // A broken stream: the browser reconnects by itself; meanwhile, ask whether the server is there.
      trouble();
      // A stream the server refused for good (an expired embed secret, an ended session) is opened again later.
      if (stream.readyState === EventSource.CLOSED) setTimeout(() => void (events === stream && open()), 2000);
    });
    stream.addEventListener(POKE_EVENT, (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { version?: number };
      heard();
      options.onPoke(data.version);
      channel?.postMessage({ type: POKE_EVENT, version: data.version } satisfies Relayed);
    });
    stream.addEventListener(HEARTBEAT_EVENT, () => {
      heard();
      channel?.postMessage({ type: HEARTBEAT_EVENT } satisfies Relayed);
    });
    // A reconnect may have missed pokes: pull, here and in the other tabs.
    stream.addEventListener('open', () => {
      heard();
      options.onPoke(undefined);
      channel?.postMessage({ type: POKE_EVENT } satisfies Relayed);
    });
  };

  let release: (() => void) | undefined;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && channel) {
    const abandon = new AbortController();
    void locks
      .request(`creatorflow-sync-events:${server}`, { signal: abandon.signal }, () => {
        if (options.isClosed()) return;
        void open();
        // Held until this tab closes; then the next waiting tab opens the stream.
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => undefined);
    cleanups.push(() => {
      abandon.abort();
      release?.();
    });
  } else void open();

  // The heartbeat (here or relayed), checked four times a second: overdue, the client asks the
  // server; silent past SILENCE_MS, the server is gone, and the holder opens its stream again (a
  // socket a stopped server holds never breaks by itself).
  const watch = setInterval(() => {
    const silence = Date.now() - lastHeard;
    if (silence > SILENCE_MS && !silent) {
      silent = true;
      options.onSilent();
      if (events) void open();
    } else if (silence > HEARTBEAT_OVERDUE_MS && Date.now() - lastTrouble > HEARTBEAT_OVERDUE_MS) trouble();
  }, 250);
  // Back on the network: the silence while offline says nothing about the server; its clock starts again.
  const online = () => {
    lastHeard = Date.now();
    silent = false;
  };
  window.addEventListener('online', online);
  cleanups.push(() => {
    window.removeEventListener('online', online);
    clearInterval(watch);
    events?.close();
    channel?.close();
  });
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/** The page's own signals: focus and a slow timer (pull, in case a poke was lost), and the network flag. */
export function listenToBrowser(handlers: { resume(): void; onOnline(): void; onOffline(): void; pullEveryMs: number }): () => void {
  if (typeof window === 'undefined') return () => {};
  const { resume, onOnline, onOffline } = handlers;
  window.addEventListener('focus', resume);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const every = setInterval(resume, handlers.pullEveryMs);
  return () => {
    window.removeEventListener('focus', resume);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    clearInterval(every);
  };
}
