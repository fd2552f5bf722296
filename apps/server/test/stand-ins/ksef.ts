import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { create } from 'xmlbuilder2';
import { fa3Errors, readXml } from '../support/ksef-xsd';
import { json, listen } from './common';

/**
 * A stand-in of KSeF 2.0 (tests only, issue 30): the endpoints of a KSeF-token authentication and an
 * interactive session, as the ministry's OpenAPI document has them. It decrypts what the client
 * encrypted with its (test) public key, checks the hashes and sizes, validates each invoice against
 * the official FA(3) schema, and answers a KSeF number and a UPO valid against `upo-v4-3.xsd`.
 * Each status is "in progress" (100) on its first read, so a client that does not poll fails.
 * The key pair in `ksef-test-*.pem` is a self-signed test key, not the ministry's.
 */

const certificatePem = readFileSync(new URL('./ksef-test-cert.pem', import.meta.url), 'utf8');
const privateKey = createPrivateKey(readFileSync(new URL('./ksef-test-key.pem', import.meta.url), 'utf8'));

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
  receivedAt: Date;
};
type Session = { reference: string; key: Buffer; iv: Buffer; open: boolean; invoices: Map<string, Invoice> };

export async function startKsefStandIn(options: { nip: string; ksefToken: string }) {
  const challenges = new Map<string, number>();
  const authentications = new Map<
    string,
    { reads: number; status: Status; redeemed: boolean; bearer: string }
  >();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const sessions = new Map<string, Session>();

  const validUntil = () => new Date(Date.now() + 3600_000).toISOString();
  const bearerOf = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const unauthorized = (res: ServerResponse) => json(res, 401, { title: 'Unauthorized', status: 401 });
  const badRequest = (res: ServerResponse, detail: string) =>
    json(res, 400, {
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
    doc.ele('TrybWysylki').txt('Online');
    return root.end({ prettyPrint: true });
  }

  function receiveInvoice(session: Session, body: Record<string, unknown>, res: ServerResponse) {
    const required = [
      'invoiceHash',
      'invoiceSize',
      'encryptedInvoiceHash',
      'encryptedInvoiceSize',
      'encryptedInvoiceContent',
    ];
    const missing = required.filter((k) => body[k] === undefined);
    if (missing.length) return badRequest(res, `Missing: ${missing.join(', ')}`);
    const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('base64');
    if (sha(encrypted) !== body.encryptedInvoiceHash || encrypted.byteLength !== body.encryptedInvoiceSize) {
      return badRequest(res, 'The encrypted invoice does not match its hash or size');
    }
    let xml: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
      xml = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    } catch {
      return badRequest(res, 'The invoice cannot be decrypted with the session key');
    }
    if (sha(xml) !== body.invoiceHash || xml.byteLength !== body.invoiceSize) {
      return badRequest(res, 'The invoice does not match its hash or size');
    }
    const reference = referenceNumber('EE');
    const invoice: Invoice = {
      reference,
      reads: 0,
      hash: sha(xml),
      receivedAt: new Date(),
      status: { code: 200, description: 'Sukces' },
    };
    const errors = fa3Errors(xml.toString('utf8'));
    if (errors.length) {
      invoice.status = {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: errors,
      };
    } else {
      const doc = readXml(xml.toString('utf8'));
      invoice.sellerNip = doc.text('//f:Podmiot1/f:DaneIdentyfikacyjne/f:NIP')!;
      invoice.number = doc.text('//f:Fa/f:P_2')!;
      invoice.issueDate = doc.text('//f:Fa/f:P_1')!;
      invoice.ksefNumber = ksefNumber(invoice.sellerNip, invoice.receivedAt);
    }
    session.invoices.set(reference, invoice);
    json(res, 202, { referenceNumber: reference });
  }

  return listen((req, raw, res, url) => {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const route = `${req.method} ${url.pathname.replace(/^\/v2/, '')}`;
    const bearer = bearerOf(req);

    if (route === 'GET /security/public-key-certificates') {
      const der = new X509Certificate(certificatePem).raw.toString('base64');
      return json(res, 200, [
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
      return json(res, 200, {
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
        return badRequest(res, 'Challenge, contextIdentifier and encryptedToken are required');
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
      return json(res, 202, {
        referenceNumber: reference,
        authenticationToken: { token: authenticationToken, validUntil: validUntil() },
      });
    }
    const authStatus = /^GET \/auth\/([^/]+)$/.exec(route);
    if (authStatus) {
      const auth = authentications.get(authStatus[1]!);
      if (!auth || auth.bearer !== bearer) return unauthorized(res);
      return json(res, 200, {
        startDate: new Date().toISOString(),
        authenticationMethod: 'Token',
        authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
        status: read(auth),
      });
    }
    if (route === 'POST /auth/token/redeem') {
      const auth = [...authentications.values()].find((a) => a.bearer === bearer);
      if (auth?.status.code !== 200 || auth.redeemed) return unauthorized(res);
      auth.redeemed = true;
      const accessToken = hex(16);
      const refreshToken = hex(16);
      accessTokens.add(accessToken);
      refreshTokens.add(refreshToken);
      return json(res, 200, {
        accessToken: { token: accessToken, validUntil: validUntil() },
        refreshToken: { token: refreshToken, validUntil: validUntil() },
      });
    }
    if (route === 'POST /auth/token/refresh') {
      if (!bearer || !refreshTokens.has(bearer)) return unauthorized(res);
      const accessToken = hex(16);
      accessTokens.add(accessToken);
      return json(res, 200, { accessToken: { token: accessToken, validUntil: validUntil() } });
    }

    if (!bearer || !accessTokens.has(bearer)) return unauthorized(res);

    if (route === 'POST /sessions/online') {
      const form = body.formCode as Record<string, string> | undefined;
      const encryption = body.encryption as Record<string, string> | undefined;
      if (form?.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA') {
        return badRequest(res, 'Only the form FA (3) 1-0E is accepted');
      }
      if (!encryption?.encryptedSymmetricKey || !encryption.initializationVector) {
        return badRequest(res, 'encryption.encryptedSymmetricKey and initializationVector are required');
      }
      let key: Buffer;
      try {
        key = rsaOaepDecrypt(Buffer.from(encryption.encryptedSymmetricKey, 'base64'));
      } catch {
        return badRequest(res, 'The symmetric key cannot be decrypted');
      }
      const iv = Buffer.from(encryption.initializationVector, 'base64');
      if (key.byteLength !== 32 || iv.byteLength !== 16)
        return badRequest(res, 'AES-256 key and 128-bit IV expected');
      const reference = referenceNumber('SO');
      sessions.set(reference, { reference, key, iv, open: true, invoices: new Map() });
      return json(res, 201, { referenceNumber: reference, validUntil: validUntil() });
    }
    const send = /^POST \/sessions\/online\/([^/]+)\/invoices\/?$/.exec(route);
    if (send) {
      const session = sessions.get(send[1]!);
      if (!session) return json(res, 404, { title: 'Not Found', status: 404 });
      if (!session.open) return badRequest(res, 'The session is closed');
      return receiveInvoice(session, body, res);
    }
    const close = /^POST \/sessions\/online\/([^/]+)\/close$/.exec(route);
    if (close) {
      const session = sessions.get(close[1]!);
      if (!session) return json(res, 404, { title: 'Not Found', status: 404 });
      session.open = false;
      res.writeHead(204);
      res.end();
      return;
    }
    const invoiceRead = /^GET \/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(route);
    if (invoiceRead) {
      const session = sessions.get(invoiceRead[1]!);
      const invoice = session?.invoices.get(invoiceRead[2]!);
      if (!session || !invoice) return json(res, 404, { title: 'Not Found', status: 404 });
      if (invoiceRead[3]) {
        if (!invoice.ksefNumber)
          return json(res, 404, { title: 'No UPO for a refused invoice', status: 404 });
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(upoOf(session, invoice));
        return;
      }
      const status = read(invoice);
      return json(res, 200, {
        ordinalNumber: [...session.invoices.keys()].indexOf(invoice.reference) + 1,
        referenceNumber: invoice.reference,
        invoiceHash: invoice.hash,
        invoicingDate: invoice.receivedAt.toISOString(),
        ...(status.code === 200 ? { ksefNumber: invoice.ksefNumber, invoiceNumber: invoice.number } : {}),
        status,
      });
    }
    return json(res, 404, { title: 'Not Found', status: 404 });
  });
}
