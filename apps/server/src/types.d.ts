import type { LanguageCode } from '@club/shared';
import type { Config } from './config';
import type { Db } from './db/client';
import type { users } from './db/schema';
import type { Payments } from './lib/payment-provider';
import type { RateLimiter } from './lib/rate-limit';
import type { Mailer } from './modules/mail/mailer';

/**
 * Who may call a route (plugins/session.ts):
 * - 'public': anyone; 'account': any signed-in account, staff included (auth/me, the language, the password);
 * - 'user' (the default): a member or a dealer; 'customer', 'dealer': that type only;
 * - 'staff': an operator or an administrator (the console, docs/console.md); 'admin': administrators only.
 * Members' and dealers' routes refuse staff (403) and the console's routes refuse members and dealers.
 */
export type Access = import('@club/shared/contract/define').EndpointAccess;
/** One route as registered (app.ts): the CSRF walk, the authorisation matrix and the OpenAPI document read them. */
export type RouteInfo = {
  method: string;
  url: string;
  access: string;
  passwordCheck: boolean;
  csrf: boolean;
  /** The route declares a body schema (the security suite fuzzes each one). */
  body: boolean;
  /** The route's endpoint in the shared contract (lib/contract.ts `routeOf`); null for none. */
  contract: import('@club/shared/contract/define').EndpointDefinition | null;
};

export type UserRow = typeof users.$inferSelect;
export type Auth = {
  sessionId: string;
  csrfToken: string;
  refreshedAt: Date;
  passwordVerifiedAt: Date | null;
  user: UserRow;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; 'user' (any signed-in user) when not given. */
    access?: Access;
    /** Dealer routes that need a recent auth/check-password in this session. */
    passwordCheck?: boolean;
    /** A GET that changes state (SPEC.md's users/update-language) still demands the CSRF header. */
    csrf?: boolean;
    /** Extra data read in the same query as the session (plugins/session.ts `SessionExtra`). */
    sessionExtra?: import('./plugins/session').SessionExtra;
    /**
     * A catalogue read (nothing personal in its answer but the member's own flags): on PostgreSQL it
     * may take the session from this process's cache, dropped by NOTIFY within milliseconds of a
     * sign-out in another process. Every other route reads the session from the database per request
     * there (plugins/session.ts). On PGlite (one process, synchronous NOTIFY) every route uses the cache.
     */
    cachedSession?: boolean;
    /** The route's endpoint in the shared contract (lib/contract.ts `routeOf`). */
    contract?: import('@club/shared/contract/define').EndpointDefinition;
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
    limiter: RateLimiter;
    mailer: Mailer;
    /** Work running for requests; the app's close waits for it (lib/in-flight.ts). */
    inFlight: import('./lib/in-flight').InFlight;
    /** The process's LISTEN for its caches (db/listener.ts), on PGlite and PostgreSQL alike. */
    dbListen: import('./db/listener').DbListener;
    /** The configured payment operator (lib/payment-provider.ts), injected by app.ts. */
    payments: Payments;
    /** KSeF's outbox worker and, with KSEF_ENV=stand-in, the served stand-in (modules/invoices/ksef-plugin.ts). */
    ksef: import('./modules/invoices/ksef-plugin').KsefService;
    routeTable: RouteInfo[];
  }
  interface FastifyRequest {
    lang: LanguageCode;
    auth: Auth | null;
    /** What the route's `sessionExtra` column returned with the session; undefined when not read. */
    sessionExtra: unknown;
  }
}
