/**
 * Work still running on behalf of requests (handlers and the session lookup), counted so that closing
 * the app can wait for it before the database goes (app.ts, server.ts). Fastify's close waits for open
 * connections only, and a request whose client already left has none while its handler still runs.
 */
export class InFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  async track<T>(work: () => Promise<T> | T): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Resolves when nothing runs any more, or after `ms` at most. */
  async drain(ms: number): Promise<void> {
    if (this.running === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  get size(): number {
    return this.running;
  }
}
