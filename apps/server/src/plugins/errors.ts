import type { AppErrorCode } from '@club/shared/error-codes';
import { type IssueLike, issueToTranslation, type LanguageCode } from '@club/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '../i18n';
import { AppError } from '../lib/app-error';

type Envelope = { success: false; code: AppErrorCode; message: string; errors?: Record<string, string[]> };

function translateFieldErrors(
  lang: LanguageCode,
  fields: Record<string, IssueLike[]>,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, issues]) => [
      field,
      issues.map((issue) => {
        const { key, options } = issueToTranslation(issue);
        return translate(lang, key, options);
      }),
    ]),
  );
}

/** The one error handler: every failure leaves as the envelope of DESIGN.md §4, in the user's language. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // A NUL character can be stored nowhere (PostgreSQL text refuses it): refuse it before any handler runs.
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (field !== null) {
      throw new AppError(
        422,
        'VALIDATION',
        'common.validation',
        {},
        { [field || '_']: ['validation.wrongValue'] },
      );
    }
  });

  const send = (reply: FastifyReply, status: number, body: Envelope) => reply.status(status).send(body);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'pl';
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      const errors = error.fieldErrors
        ? translateFieldErrors(
            lang,
            Object.fromEntries(
              Object.entries(error.fieldErrors).map(([f, keys]) => [
                f,
                keys.map((k) => ({ message: k, params: error.params })),
              ]),
            ),
          )
        : undefined;
      return send(reply, error.statusCode, {
        success: false,
        code: error.code,
        message: translate(lang, error.messageKey, error.params),
        ...(errors ? { errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, IssueLike[]> = {};
      for (const v of error.validation) {
        // fastify-type-provider-zod puts the zod issue's own fields (minimum, origin, ...) in params.
        const issue = { ...(v.params as Omit<IssueLike, 'message'>), message: v.message ?? '' };
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[field] ??= [];
        fields[field].push(issue);
      }
      return send(reply, 422, {
        success: false,
        code: 'VALIDATION',
        message: translate(lang, 'common.validation'),
        errors: translateFieldErrors(lang, fields),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return send(reply, 413, {
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: translate(lang, 'common.payloadTooLarge'),
      });
    }
    if (status === 415) {
      return send(reply, 415, {
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: translate(lang, 'common.unsupportedMediaType'),
      });
    }
    if (status >= 400 && status < 500) {
      return send(reply, 400, {
        success: false,
        code: 'BAD_REQUEST',
        message: translate(lang, 'common.badRequest'),
      });
    }
    // Defence in depth: data PostgreSQL refuses (NUL bytes, out-of-range numbers) is the client's error.
    if (isRejectedInput(error)) {
      return send(reply, 422, {
        success: false,
        code: 'VALIDATION',
        message: translate(lang, 'common.validation'),
        errors: { _: [translate(lang, 'validation.wrongValue')] },
      });
    }
    const unavailable = isDatabaseUnavailable(error);
    request.log.error({ err: error }, unavailable ? 'database unavailable' : 'unhandled error');
    if (unavailable) reply.header('retry-after', '5');
    return send(reply, unavailable ? 503 : 500, {
      success: false,
      code: unavailable ? 'UNAVAILABLE' : 'INTERNAL',
      message: translate(lang, unavailable ? 'common.unavailable' : 'common.internal'),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, {
      success: false,
      code: 'NOT_FOUND',
      message: translate(request.lang ?? 'pl', 'common.notFound'),
    });
  });
});

/** PostgreSQL data exceptions caused by the values sent (class 22), e.g. 22021 NUL byte, 22003 range. */
function isRejectedInput(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** Connection failures of the database (also when Drizzle wraps them as the `cause` of its query error). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object') return false;
  const cause = (error as { cause?: unknown }).cause;
  if (depth < 3 && cause && isDatabaseUnavailable(cause, depth + 1)) return true;
  const code = (error as { code?: string }).code;
  return (
    // ioredis gives up on a command while the rate-limit store is unreachable.
    (error as Error).name === 'MaxRetriesPerRequestError' ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '08003' ||
    code === '08006' ||
    code === '08001' ||
    /Connection terminated|connection is closed|not queryable|timeout exceeded when trying to connect/i.test(
      String((error as Error).message),
    )
  );
}

/**
 * The path of the first string containing U+0000 in a parsed body or query, or null. Iterative, so
 * that a hostile body nested thousands of levels deep cannot overflow the stack (it was a 500).
 */
export function findNul(root: unknown): string | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const entries = Array.isArray(value)
      ? value.map((inner, i) => [String(i), inner] as const)
      : Object.entries(value);
    // Pushed in reverse, so the first field is looked at first, as a reader would name it.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      if (key.includes('\u0000')) return path || key;
      stack.push([inner, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}
