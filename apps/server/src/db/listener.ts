import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client';

/**
 * The channels of the triggers of migrations 0001 and 0002: every writer, the app or SQL by hand,
 * announces a change on commit, so no code path has to remember to.
 */
export const CHANNELS = {
  /** The shared catalogue (products, categories, galleries, partners); any change but the seats. */
  catalog: 'club_catalog_changed',
  /** A session or its user changed or ended; the payload is the user's id ('*': everyone's). */
  sessions: 'club_sessions_changed',
  /** Seats, carts, orders or waiting-list wishes changed: the members' part of catalogue reads. */
  member: 'club_member_changed',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
/** A handler's payload '*' means "anything may have changed": the connection was lost or restored. */
export type ChannelHandler = (payload: string) => void;

/**
 * The process's one LISTEN for its caches (docs/performance.md, "caches").
 *
 * A cache may serve only while `live()`: then every change committed by any process reaches its
 * handler (PGlite: before the writing statement returns; PostgreSQL: on the LISTEN connection,
 * within milliseconds of the commit). When the PostgreSQL connection is lost every handler gets '*',
 * `live()` turns false until LISTEN is back, and on its return every handler gets '*' again (what was
 * missed meanwhile is unknown).
 */
export type DbListener = {
  listen(channel: Channel, handler: ChannelHandler): Promise<() => void>;
  live(): boolean;
  /**
   * This process's own write, announced to its own handlers before its response is sent: on
   * PostgreSQL the trigger's NOTIFY may reach this process's LISTEN only after the member's next
   * request has been read.
   */
  echo(channel: Channel, payload: string): void;
  close(): Promise<void>;
};

class Handlers {
  private byChannel = new Map<Channel, Set<ChannelHandler>>();

  add(channel: Channel, handler: ChannelHandler): () => void {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(handler);
    return () => void set.delete(handler);
  }

  channels(): Channel[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel as Channel) ?? []) handler(payload);
  }

  everything(): void {
    for (const set of this.byChannel.values()) for (const handler of set) handler('*');
  }
}

/** PGlite (one process): its own LISTEN, whose notifications arrive before the write returns. */
export function pgliteListener(listen: NonNullable<Database['listen']>): DbListener {
  const handlers = new Handlers();
  const subscribed = new Map<Channel, Promise<() => Promise<void>>>();
  return {
    async listen(channel, handler) {
      const remove = handlers.add(channel, handler);
      if (!subscribed.has(channel))
        subscribed.set(
          channel,
          listen(channel, (payload) => handlers.deliver(channel, payload)),
        );
      await subscribed.get(channel);
      return remove;
    },
    live: () => true,
    echo: (channel, payload) => handlers.deliver(channel, payload),
    async close() {
      for (const unlisten of await Promise.all(subscribed.values())) await unlisten().catch(() => {});
      subscribed.clear();
    },
  };
}

/** How long a lost LISTEN connection waits before it tries again. */
const RECONNECT_MS = 1_000;

/** PostgreSQL: one connection of its own per process, LISTENing on every channel a cache asked for. */
export function postgresListener(url: string, log: FastifyBaseLogger): DbListener {
  const handlers = new Handlers();
  let client: pg.Client | null = null;
  /** The channels the current connection LISTENs on. */
  let listening = new Set<Channel>();
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    connected = false;
    handlers.everything();
    c.removeAllListeners();
    c.on('error', () => {});
    c.end().catch(() => {});
    if (!closed && !retry) retry = setTimeout(connect, RECONNECT_MS);
  };

  /** LISTENs on the channels asked for since; live only once every one is covered. */
  const cover = async (c: pg.Client) => {
    for (;;) {
      const missing = handlers.channels().filter((channel) => !listening.has(channel));
      if (missing.length === 0) break;
      connected = false;
      for (const channel of missing) {
        await c.query(`listen ${channel}`);
        listening.add(channel);
      }
    }
    if (closed || client !== c) return;
    // Whatever was cached before (or while) a channel was not heard may be stale.
    handlers.everything();
    connected = true;
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    listening = new Set();
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => handlers.deliver(message.channel, message.payload ?? ''));
    try {
      await c.connect();
      await cover(c);
    } catch (error) {
      log.warn({ err: error }, 'LISTEN for the caches failed: reading without them until it is back');
      lost(c);
    }
  };

  let connecting = connect();
  return {
    async listen(channel, handler) {
      const remove = handlers.add(channel, handler);
      // At start the app waits at most 2 s for LISTEN; until then (or while it is down) caches stay off.
      await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      const c = client;
      if (c && connected && !listening.has(channel)) {
        connecting = cover(c).catch(() => lost(c));
        await connecting;
      }
      return remove;
    },
    live: () => connected,
    echo: (channel, payload) => handlers.deliver(channel, payload),
    async close() {
      closed = true;
      connected = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
