import {
  constants,
  createCipheriv,
  createHash,
  type KeyObject,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * A small typed client of the KSeF 2.0 API (issue 30): authentication with a KSeF token and the
 * interactive session (docs/uwierzytelnianie.md §2.2, docs/sesja-interaktywna.md), the paths and
 * bodies of the ministry's OpenAPI document (ksef-api-openapi.json). Responses are read through zod,
 * so a changed answer fails loudly instead of spreading `undefined`.
 */

const ZToken = z.object({ token: z.string(), validUntil: z.string() });
const ZStatus = z.object({
  code: z.number(),
  description: z.string(),
  details: z.array(z.string()).nullish(),
});
const ZReference = z.object({ referenceNumber: z.string() });

const ZPublicKeys = z.array(
  z.object({
    certificate: z.string(),
    usage: z.array(z.enum(['KsefTokenEncryption', 'SymmetricKeyEncryption'])),
  }),
);
const ZChallenge = z.object({ challenge: z.string(), timestamp: z.string(), timestampMs: z.number() });
const ZAuthInit = z.object({ referenceNumber: z.string(), authenticationToken: ZToken });
const ZAuthStatus = z.object({ status: ZStatus });
const ZTokens = z.object({ accessToken: ZToken, refreshToken: ZToken });
const ZRefreshed = z.object({ accessToken: ZToken });
const ZInvoiceStatus = z.object({
  referenceNumber: z.string(),
  ksefNumber: z.string().nullish(),
  invoiceNumber: z.string().nullish(),
  status: ZStatus,
});

export type KsefTokens = z.infer<typeof ZTokens>;

/** A failed call: KSeF's HTTP status and its answer, as it came. */
export class KsefApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`KSeF answered ${status}: ${body.slice(0, 500)}`);
  }
}

/** The invoice form the sessions declare: FA(3), schema 1-0E (docs/sesja-interaktywna.md §1). */
const FA3_FORM = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' };

const sha256Base64 = (data: Uint8Array) => createHash('sha256').update(data).digest('base64');

/** RSAES-OAEP with SHA-256 and MGF1 over SHA-256, what both the token and the session key use. */
const rsaOaep = (key: KeyObject, data: Uint8Array) =>
  publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);

/** An open interactive session: its number and the AES-256 key and IV its invoices are encrypted with. */
export type KsefSession = { referenceNumber: string; key: Buffer; iv: Buffer };

export function ksefClient(options: { baseUrl: string; pollEveryMs?: number; pollAttempts?: number }) {
  const pollEveryMs = options.pollEveryMs ?? 1000;
  const pollAttempts = options.pollAttempts ?? 60;

  async function call<T>(
    schema: z.ZodType<T> | null,
    method: 'GET' | 'POST',
    path: string,
    init: { bearer?: string; body?: unknown } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    if (!res.ok) throw new KsefApiError(res.status, text);
    return schema ? schema.parse(JSON.parse(text)) : (text as T);
  }

  /** Polls until `done` says the answer is final (KSeF's codes below 200 mean "still working"). */
  async function poll<T>(read: () => Promise<T>, code: (value: T) => number): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const value = await read();
      if (code(value) >= 200 || attempt >= pollAttempts) return value;
      await sleep(pollEveryMs);
    }
  }

  let keys: Promise<Record<'KsefTokenEncryption' | 'SymmetricKeyEncryption', KeyObject>> | undefined;
  /** The ministry's public keys (`GET /security/public-key-certificates`), one per use. */
  function publicKeys() {
    keys ??= call(ZPublicKeys, 'GET', '/security/public-key-certificates').then((certificates) => {
      const keyFor = (usage: 'KsefTokenEncryption' | 'SymmetricKeyEncryption') => {
        const found = certificates.find((c) => c.usage.includes(usage));
        if (!found) throw new Error(`KSeF published no certificate for ${usage}`);
        return new X509Certificate(Buffer.from(found.certificate, 'base64')).publicKey;
      };
      return {
        KsefTokenEncryption: keyFor('KsefTokenEncryption'),
        SymmetricKeyEncryption: keyFor('SymmetricKeyEncryption'),
      };
    });
    return keys;
  }

  return {
    /**
     * Authentication with a KSeF token in the context of the seller's NIP: the challenge, the
     * token and the challenge's timestamp in ms (`token|timestampMs`) encrypted with the ministry's
     * key, the operation's status polled, then the access and refresh tokens redeemed.
     */
    async authenticate(nip: string, ksefToken: string): Promise<KsefTokens> {
      const key = (await publicKeys()).KsefTokenEncryption;
      const challenge = await call(ZChallenge, 'POST', '/auth/challenge');
      const encryptedToken = rsaOaep(key, Buffer.from(`${ksefToken}|${challenge.timestampMs}`, 'utf8'));
      const init = await call(ZAuthInit, 'POST', '/auth/ksef-token', {
        body: {
          challenge: challenge.challenge,
          contextIdentifier: { type: 'Nip', value: nip },
          encryptedToken: encryptedToken.toString('base64'),
        },
      });
      const bearer = init.authenticationToken.token;
      const done = await poll(
        () => call(ZAuthStatus, 'GET', `/auth/${init.referenceNumber}`, { bearer }),
        (s) => s.status.code,
      );
      if (done.status.code !== 200) {
        throw new KsefApiError(done.status.code, `${done.status.description} ${done.status.details ?? ''}`);
      }
      return call(ZTokens, 'POST', '/auth/token/redeem', { bearer });
    },

    /** A new access token from the refresh token (`POST /auth/token/refresh`). */
    async refresh(refreshToken: string) {
      return (await call(ZRefreshed, 'POST', '/auth/token/refresh', { bearer: refreshToken })).accessToken;
    },

    /** Opens an interactive FA(3) session with a fresh AES-256 key, sent encrypted with the ministry's key. */
    async openSession(accessToken: string): Promise<KsefSession> {
      const key = randomBytes(32);
      const iv = randomBytes(16);
      const publicKey = (await publicKeys()).SymmetricKeyEncryption;
      const opened = await call(ZReference, 'POST', '/sessions/online', {
        bearer: accessToken,
        body: {
          formCode: FA3_FORM,
          encryption: {
            encryptedSymmetricKey: rsaOaep(publicKey, key).toString('base64'),
            initializationVector: iv.toString('base64'),
          },
        },
      });
      return { referenceNumber: opened.referenceNumber, key, iv };
    },

    /**
     * Sends one invoice: the XML encrypted with AES-256-CBC (PKCS#7) under the session's key and IV,
     * with the SHA-256 and size of the file and of its ciphertext, and whether it was issued offline.
     * Answers the invoice's reference.
     */
    async sendInvoice(
      accessToken: string,
      session: KsefSession,
      xml: string,
      opts: { offline?: boolean } = {},
    ) {
      const invoice = Buffer.from(xml, 'utf8');
      const cipher = createCipheriv('aes-256-cbc', session.key, session.iv);
      const encrypted = Buffer.concat([cipher.update(invoice), cipher.final()]);
      const sent = await call(ZReference, 'POST', `/sessions/online/${session.referenceNumber}/invoices`, {
        bearer: accessToken,
        body: {
          invoiceHash: sha256Base64(invoice),
          invoiceSize: invoice.byteLength,
          encryptedInvoiceHash: sha256Base64(encrypted),
          encryptedInvoiceSize: encrypted.byteLength,
          encryptedInvoiceContent: encrypted.toString('base64'),
          // Issued while KSeF was unavailable (docs/tryby-offline.md): sent later in offline mode.
          offlineMode: opts.offline ?? false,
        },
      });
      return sent.referenceNumber;
    },

    /** The invoice's status, polled until KSeF accepted (200, with the KSeF number) or refused it. */
    invoiceStatus(accessToken: string, session: KsefSession, invoiceReference: string) {
      return poll(
        () =>
          call(ZInvoiceStatus, 'GET', `/sessions/${session.referenceNumber}/invoices/${invoiceReference}`, {
            bearer: accessToken,
          }),
        (s) => s.status.code,
      );
    },

    /** The official receipt (UPO) of one accepted invoice, as XML. */
    invoiceUpo(accessToken: string, session: KsefSession, invoiceReference: string) {
      return call<string>(
        null,
        'GET',
        `/sessions/${session.referenceNumber}/invoices/${invoiceReference}/upo`,
        {
          bearer: accessToken,
        },
      );
    },

    /** Closes the session (KSeF then makes the session's collective UPO). */
    async closeSession(accessToken: string, session: KsefSession) {
      await call<string>(null, 'POST', `/sessions/online/${session.referenceNumber}/close`, {
        bearer: accessToken,
      });
    },
  };
}
