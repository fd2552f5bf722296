import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { create } from 'xmlbuilder2';
import { STAND_IN_CERTIFICATE, STAND_IN_PRIVATE_KEY } from './stand-in-keys';

/**
 * A stand-in of KSeF 2.0 (issue 30; development, tests, the demo: KSEF_ENV=stand-in): the endpoints
 * of a KSeF-token authentication and an interactive session, as the ministry's OpenAPI document has
 * them. It decrypts what the client encrypted with its (test) public key, checks the hashes and
 * sizes, validates each invoice when given a validator (the tests give the official FA(3) schema),
 * and answers a KSeF number and a UPO after `upo-v4-3.xsd`. Each status is "in progress" (100) on
 * its first read, so a client that does not poll fails.
 *
 * Tests switch its behaviour (`control`): refuse the next invoices with one of KSeF's codes and a
 * reason, be unavailable (503 to every call, as during a KSeF outage), or answer slowly.
 */

const privateKey = createPrivateKey(STAND_IN_PRIVATE_KEY);

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');
/** A reference number as KSeF's (`TNumerReferencyjny`): `20260203-SE-…`. */
const referenceNumber = (kind: string) => `${day(new Date())}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;

/** CRC-8 (polynomial 0x07, initial 0), the check of a KSeF number's first 32 characters. */
function crc8(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

const ksefNumber = (nip: string, date: Date) => {
  const base = `${nip}-${day(date)}-${hex(3)}-${hex(3)}`;
  return `${base}-${crc8(base)}`;
};

const rsaOaepDecrypt = (data: Buffer) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);

/** The first element of that name anywhere in an FA(3) document (the stand-in reads three fields). */
const field = (xml: string, name: string, within?: string) => {
  const scope = within ? (new RegExp(`<${within}>([\\s\\S]*?)</${within}>`).exec(xml)?.[1] ?? '') : xml;
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(scope)?.[1];
};

type Status = { code: number; description: string; details?: string[] };
type Invoice = {
  reference: string;
  reads: number;
  status: Status;
  ksefNumber?: string;
  number?: string;
  issueDate?: string;
  sellerNip?: string;
  hash: string;
  offline: boolean;
  receivedAt: Date;
};
type Session = { reference: string; key: Buffer; iv: Buffer; open: boolean; invoices: Map<string, Invoice> };

/** How the stand-in behaves now: switched by the tests (test-support route, or `control` directly). */
export type StandInBehaviour = {
  /** Every call answers 503, as KSeF does during an outage. */
  unavailable: boolean;
  /** Each answer waits this long first. */
  delayMs: number;
  /**
   * The next invoices are refused with this KSeF status (e.g. 450) and reason, or only the one of
   * that number (tests running side by side refuse their own invoice only); null accepts them.
   */
  refuse: { code: number; reason: string; invoiceNumber?: string } | null;
};

export type StandInAnswer = { status: number; body?: unknown; xml?: string };
export type StandInRequest = { method: string; path: string; authorization?: string; body: string };

export function ksefStandIn(options: {
  nip: string;
  ksefToken: string;
  /** What is wrong with an FA(3) document (empty when valid): the official schema in the tests. */
  validate?: (xml: string) => string[];
}) {
  const challenges = new Map<string, number>();
  const authentications = new Map<
    string,
    { reads: number; status: Status; redeemed: boolean; bearer: string }
  >();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const sessions = new Map<string, Session>();
  const behaviour: StandInBehaviour = { unavailable: false, delayMs: 0, refuse: null };
  /** How many invoices reached the stand-in, accepted or not (the tests count double sends). */
  const received: { number?: string; hash: string; status: number; offline: boolean }[] = [];

  const validUntil = () => new Date(Date.now() + 3600_000).toISOString();
  const json = (status: number, body: unknown): StandInAnswer => ({ status, body });
  const unauthorized = () => json(401, { title: 'Unauthorized', status: 401 });
  const notFound = () => json(404, { title: 'Not Found', status: 404 });
  const badRequest = (detail: string) =>
    json(400, {
      exception: { exceptionDetailList: [{ exceptionCode: 21405, exceptionDescription: detail }] },
    });
  /** The first read of a status says "in progress", the next ones the outcome. */
  const read = (item: { reads: number; status: Status }): Status =>
    item.reads++ === 0 ? { code: 100, description: 'W toku' } : item.status;

  function upoOf(session: Session, invoice: Invoice): string {
    const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
      'http://upo.schematy.mf.gov.pl/KSeF/v4-3',
      'Potwierdzenie',
    );
    root.att('wersjaSchemy', '4-3');
    root.ele('NazwaPodmiotuPrzyjmujacego').txt('Ministerstwo Finansów');
    root.ele('NumerReferencyjnySesji').txt(session.reference);
    const auth = root.ele('Uwierzytelnienie');
    auth.ele('IdKontekstu').ele('Nip').txt(options.nip);
    auth.ele('NumerReferencyjnyTokenaKSeF').txt(referenceNumber('AU'));
    root.ele('NazwaStrukturyLogicznej').txt('schemat_FA(3)_v1-0E.xsd');
    root.ele('KodFormularza').txt('FA (3)');
    const doc = root.ele('Dokument');
    doc.ele('NipSprzedawcy').txt(invoice.sellerNip!);
    doc.ele('NumerKSeFDokumentu').txt(invoice.ksefNumber!);
    doc.ele('NumerFaktury').txt(invoice.number!);
    doc.ele('DataWystawieniaFaktury').txt(invoice.issueDate!);
    doc.ele('DataPrzeslaniaDokumentu').txt(invoice.receivedAt.toISOString());
    doc.ele('DataNadaniaNumeruKSeF').txt(invoice.receivedAt.toISOString());
    doc.ele('SkrotDokumentu').txt(invoice.hash);
    doc.ele('TrybWysylki').txt(invoice.offline ? 'Offline' : 'Online');
    return root.end({ prettyPrint: true });
  }

  function receiveInvoice(session: Session, body: Record<string, unknown>): StandInAnswer {
    const required = [
      'invoiceHash',
      'invoiceSize',
      'encryptedInvoiceHash',
      'encryptedInvoiceSize',
      'encryptedInvoiceContent',
    ];
    const missing = required.filter((k) => body[k] === undefined);
    if (missing.length) return badRequest(`Missing: ${missing.join(', ')}`);
    const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('base64');
    if (sha(encrypted) !== body.encryptedInvoiceHash || encrypted.byteLength !== body.encryptedInvoiceSize) {
      return badRequest('The encrypted invoice does not match its hash or size');
    }
    let bytes: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
      bytes = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    } catch {
      return badRequest('The invoice cannot be decrypted with the session key');
    }
    if (sha(bytes) !== body.invoiceHash || bytes.byteLength !== body.invoiceSize) {
      return badRequest('The invoice does not match its hash or size');
    }
    const xml = bytes.toString('utf8');
    const reference = referenceNumber('EE');
    const invoice: Invoice = {
      reference,
      reads: 0,
      hash: sha(bytes),
      offline: body.offlineMode === true,
      receivedAt: new Date(),
      status: { code: 200, description: 'Sukces' },
      number: field(xml, 'P_2'),
    };
    const errors = options.validate?.(xml) ?? [];
    const refuse = behaviour.refuse;
    if (refuse && (refuse.invoiceNumber === undefined || refuse.invoiceNumber === invoice.number)) {
      invoice.status = {
        code: refuse.code,
        description: refuse.reason,
        details: [refuse.reason],
      };
    } else if (errors.length) {
      invoice.status = {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: errors,
      };
    } else {
      invoice.sellerNip = field(xml, 'NIP', 'Podmiot1') ?? options.nip;
      invoice.issueDate = field(xml, 'P_1');
      invoice.ksefNumber = ksefNumber(invoice.sellerNip, invoice.receivedAt);
    }
    received.push({
      number: invoice.number,
      hash: invoice.hash,
      status: invoice.status.code,
      offline: invoice.offline,
    });
    session.invoices.set(reference, invoice);
    return json(202, { referenceNumber: reference });
  }

  function answer(method: string, path: string, bearer: string | undefined, raw: string): StandInAnswer {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const route = `${method} ${path.replace(/^\/v2/, '')}`;

    if (route === 'GET /security/public-key-certificates') {
      const der = new X509Certificate(STAND_IN_CERTIFICATE).raw.toString('base64');
      return json(200, [
        {
          certificate: der,
          certificateId: 'stand-in',
          publicKeyId: 'stand-in',
          validFrom: '2026-01-01T00:00:00Z',
          validTo: '2126-01-01T00:00:00Z',
          usage: ['KsefTokenEncryption', 'SymmetricKeyEncryption'],
        },
      ]);
    }
    if (route === 'POST /auth/challenge') {
      const challenge = referenceNumber('CR');
      const now = Date.now();
      challenges.set(challenge, now);
      return json(200, {
        challenge,
        timestamp: new Date(now).toISOString(),
        timestampMs: now,
        clientIp: '127.0.0.1',
      });
    }
    if (route === 'POST /auth/ksef-token') {
      const context = body.contextIdentifier as { type?: string; value?: string } | undefined;
      const timestampMs = challenges.get(String(body.challenge));
      if (timestampMs === undefined || !context || typeof body.encryptedToken !== 'string') {
        return badRequest('Challenge, contextIdentifier and encryptedToken are required');
      }
      challenges.delete(String(body.challenge));
      let plain = '';
      try {
        plain = rsaOaepDecrypt(Buffer.from(body.encryptedToken, 'base64')).toString('utf8');
      } catch {
        plain = '';
      }
      const ok =
        plain === `${options.ksefToken}|${timestampMs}` &&
        context.type === 'Nip' &&
        context.value === options.nip;
      const reference = referenceNumber('AU');
      const authenticationToken = hex(16);
      authentications.set(reference, {
        reads: 0,
        redeemed: false,
        bearer: authenticationToken,
        status: ok
          ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
          : {
              code: 450,
              description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
              details: ['Nieprawidłowy token'],
            },
      });
      return json(202, {
        referenceNumber: reference,
        authenticationToken: { token: authenticationToken, validUntil: validUntil() },
      });
    }
    const authStatus = /^GET \/auth\/([^/]+)$/.exec(route);
    if (authStatus) {
      const auth = authentications.get(authStatus[1]!);
      if (!auth || auth.bearer !== bearer) return unauthorized();
      return json(200, {
        startDate: new Date().toISOString(),
        authenticationMethod: 'Token',
        authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
        status: read(auth),
      });
    }
    if (route === 'POST /auth/token/redeem') {
      const auth = [...authentications.values()].find((a) => a.bearer === bearer);
      if (auth?.status.code !== 200 || auth.redeemed) return unauthorized();
      auth.redeemed = true;
      const accessToken = hex(16);
      const refreshToken = hex(16);
      accessTokens.add(accessToken);
      refreshTokens.add(refreshToken);
      return json(200, {
        accessToken: { token: accessToken, validUntil: validUntil() },
        refreshToken: { token: refreshToken, validUntil: validUntil() },
      });
    }
    if (route === 'POST /auth/token/refresh') {
      if (!bearer || !refreshTokens.has(bearer)) return unauthorized();
      const accessToken = hex(16);
      accessTokens.add(accessToken);
      return json(200, { accessToken: { token: accessToken, validUntil: validUntil() } });
    }

    if (!bearer || !accessTokens.has(bearer)) return unauthorized();

    if (route === 'POST /sessions/online') {
      const form = body.formCode as Record<string, string> | undefined;
      const encryption = body.encryption as Record<string, string> | undefined;
      if (form?.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA') {
        return badRequest('Only the form FA (3) 1-0E is accepted');
      }
      if (!encryption?.encryptedSymmetricKey || !encryption.initializationVector) {
        return badRequest('encryption.encryptedSymmetricKey and initializationVector are required');
      }
      let key: Buffer;
      try {
        key = rsaOaepDecrypt(Buffer.from(encryption.encryptedSymmetricKey, 'base64'));
      } catch {
        return badRequest('The symmetric key cannot be decrypted');
      }
      const iv = Buffer.from(encryption.initializationVector, 'base64');
      if (key.byteLength !== 32 || iv.byteLength !== 16)
        return badRequest('AES-256 key and 128-bit IV expected');
      const reference = referenceNumber('SO');
      sessions.set(reference, { reference, key, iv, open: true, invoices: new Map() });
      return json(201, { referenceNumber: reference, validUntil: validUntil() });
    }
    const send = /^POST \/sessions\/online\/([^/]+)\/invoices\/?$/.exec(route);
    if (send) {
      const session = sessions.get(send[1]!);
      if (!session) return notFound();
      if (!session.open) return badRequest('The session is closed');
      return receiveInvoice(session, body);
    }
    const close = /^POST \/sessions\/online\/([^/]+)\/close$/.exec(route);
    if (close) {
      const session = sessions.get(close[1]!);
      if (!session) return notFound();
      session.open = false;
      return { status: 204 };
    }
    const invoiceRead = /^GET \/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(route);
    if (invoiceRead) {
      const session = sessions.get(invoiceRead[1]!);
      const invoice = session?.invoices.get(invoiceRead[2]!);
      if (!session || !invoice) return notFound();
      if (invoiceRead[3]) {
        if (!invoice.ksefNumber) return json(404, { title: 'No UPO for a refused invoice', status: 404 });
        return { status: 200, xml: upoOf(session, invoice) };
      }
      const status = read(invoice);
      return json(200, {
        ordinalNumber: [...session.invoices.keys()].indexOf(invoice.reference) + 1,
        referenceNumber: invoice.reference,
        invoiceHash: invoice.hash,
        invoicingDate: invoice.receivedAt.toISOString(),
        ...(status.code === 200 ? { ksefNumber: invoice.ksefNumber, invoiceNumber: invoice.number } : {}),
        status,
      });
    }
    return notFound();
  }

  return {
    behaviour,
    received,
    /** Switches the behaviour (only the fields given). */
    control(change: Partial<StandInBehaviour>) {
      Object.assign(behaviour, change);
    },
    /** One HTTP request: path from `/v2/…` (or without it), the raw JSON body. */
    async handle(request: StandInRequest): Promise<StandInAnswer> {
      if (behaviour.delayMs > 0) await sleep(behaviour.delayMs);
      if (behaviour.unavailable) return json(503, { title: 'Service Unavailable', status: 503 });
      const bearer = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
      try {
        return answer(request.method, request.path, bearer, request.body);
      } catch {
        return badRequest('The request cannot be read');
      }
    },
  };
}

export type KsefStandIn = ReturnType<typeof ksefStandIn>;
