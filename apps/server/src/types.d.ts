import type { LanguageCode } from '@club/shared';
import type { Config } from './config';
import type { Db } from './db/client';
import type { users } from './db/schema';
import type { RateLimiter } from './lib/rate-limit';
import type { Mailer } from './modules/mail/mailer';

export type Access = 'public' | 'user' | 'customer' | 'dealer';
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
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
    limiter: RateLimiter;
    mailer: Mailer;
    routeTable: { method: string; url: string; access: string; passwordCheck: boolean; csrf: boolean }[];
  }
  interface FastifyRequest {
    lang: LanguageCode;
    auth: Auth | null;
  }
}
