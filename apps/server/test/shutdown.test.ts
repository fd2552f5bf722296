import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { createTestApp, createTestUser } from './helpers';

// server.ts closes the database right after app.close(): a request still running then must have
// finished, even one whose client already left (it holds no connection the server's close waits for).
it('closing the app waits for a request whose client left (a sign-in still completes)', async () => {
  const t = await createTestApp({ seed: false });
  try {
    const { id, email, password } = await createTestUser(t.app.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ email, password });
    // The sign-in verifies an argon2 hash (tens of ms) before it writes the session: the client leaves
    // as soon as the request is sent, and the app is closed while the handler still runs.
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/panel/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => {});
      req.end(body, () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 5),
      );
    });
    await t.app.close();
    // The database is still open here (server.ts closes it next): the sign-in finished its write.
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
  } finally {
    await t.close(); // a second app.close() is a no-op; the database goes, and on PostgreSQL is dropped
  }
});
