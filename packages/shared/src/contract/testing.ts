/**
 * Helpers of the browser tests, registered only with TEST_SUPPORT=1 (refused in production): a fresh
 * account per test, the outbox to read links from, a discount code of a given value, an order's
 * time run out.
 */
import { z } from 'zod';
import { LANGUAGES, USER_TYPES } from '../constants';
import { idParam } from '../schemas/common';
import { defineEndpoint, object, ok } from './define';

export const ZTestUserInput = z.object({
  type: z.enum(USER_TYPES).default('CUSTOMER'),
  language: z.enum(LANGUAGES).default('pl'),
  password: z.string().default('Excellence#2026'),
  /** Staff only: false leaves the second factor to enrol at the first sign-in (default: enrolled). */
  enrolled: z.boolean().default(true),
});
export type TTestUserInput = z.input<typeof ZTestUserInput>;

export const ZOutboxMail = object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TOutboxMail = z.output<typeof ZOutboxMail>;

export const testingContract = {
  createUser: defineEndpoint({
    method: 'POST',
    path: '/test/users',
    summary: 'Tests only: a fresh, fully registered account with a unique e-mail',
    access: 'public',
    body: ZTestUserInput,
    responses: {
      200: ok(
        object({
          id: z.number().int(),
          email: z.string(),
          password: z.string(),
          /** Staff with an enrolled factor: the TOTP secret a test computes its codes from. */
          totpSecret: z.string().nullable(),
        }),
      ),
    },
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/test/outbox',
    summary: 'Tests only: the newest 20 mails sent to an address',
    access: 'public',
    query: z.object({ to: z.string() }),
    responses: { 200: ok(z.array(ZOutboxMail)) },
  }),
  failedMail: defineEndpoint({
    method: 'POST',
    path: '/test/mail/failed',
    summary: 'Tests only: a mail (waiting-list template) whose delivery failed, for the outbox to resend',
    access: 'public',
    body: z.object({
      to: z.string().email(),
      language: z.enum(LANGUAGES).default('pl'),
      name: z.string().min(1).max(200),
    }),
    responses: { 200: ok(object({ id: z.number().int() })) },
  }),
  createDiscountCode: defineEndpoint({
    method: 'POST',
    path: '/test/discount-codes',
    summary: 'Tests only: a discount code worth a given amount in złoty, once per member',
    access: 'public',
    body: z.object({ code: z.string().min(3).max(40), amount: z.number().int().min(1).max(1_000_000) }),
    responses: { 200: ok(object({ id: z.number().int() })) },
  }),
  expireOrder: defineEndpoint({
    method: 'POST',
    path: '/test/orders/:id/expire',
    summary: "Tests only: a waiting order's time runs out now, and the expiry sweep runs",
    access: 'public',
    params: idParam,
    responses: { 200: ok(object({ expired: z.number().int() })) },
  }),
};
