/** The load balancer's health check (docs/deploying.md). */
import { z } from 'zod';
import { defineEndpoint, object, ok } from './define';

export const healthContract = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Whether this process reaches its database: 200, else 503 with Retry-After',
    access: 'public',
    responses: { 200: ok(object({ status: z.literal('ok') })) },
  }),
};
