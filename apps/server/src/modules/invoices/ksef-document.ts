import { KSEF_EU_PREFIXES } from '@club/shared/schemas/invoice-data';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { invoices, ksefSubmissions } from '../../db/schema';
import { buildFa3Xml } from '../ksef/build-fa3';
import type { KsefAddress, KsefBuyer, KsefInvoice, KsefPaymentForm } from '../ksef/invoice-input';
import { submissionsOf } from '../ksef/outbox';
import {
  invoiceHash,
  invoiceVerificationLink,
  signedCertificateVerificationLink,
} from '../ksef/verification-link';
import type { InvoiceDocument, InvoiceParty } from './document';
import type { InvoiceRow } from './issue-invoice';
import type { InvoiceKsef } from './render-pdf';

/**
 * An issued invoice (its stored document) as KSeF's FA(3) (issue 30, docs/ksef.md): the same
 * seller, buyer, lines and sums the PDF prints, so the visualisation and the legal XML agree.
 */

const EU_PREFIX = /^([A-Z]{2})(.+)$/;

const addressOf = (party: InvoiceParty, countryCode: string): KsefAddress => ({
  countryCode,
  line1: party.address[0] || party.name,
  ...(party.address[1] ? { line2: party.address[1] } : {}),
});

/** A Polish company by its NIP, another EU country's by its VAT prefix and number, else a consumer. */
function buyerOf(party: InvoiceParty): KsefBuyer {
  const eu = EU_PREFIX.exec(party.nip);
  if (eu && eu[1] !== 'PL' && KSEF_EU_PREFIXES.has(eu[1]!)) {
    return {
      kind: 'company-eu',
      vatPrefix: eu[1]!,
      vatNumber: eu[2]!,
      name: party.name,
      address: addressOf(party, eu[1]!),
    };
  }
  const nip = party.nip.replace(/\D/g, '');
  if (nip) return { kind: 'company-pl', nip, name: party.name, address: addressOf(party, 'PL') };
  return { kind: 'consumer', name: party.name, address: addressOf(party, 'PL') };
}

/** A bank transfer is FA(3)'s form 6; a payment through an online operator is described in words. */
const paymentFormOf = (method: string): KsefPaymentForm =>
  method === 'przelew bankowy' ? 'transfer' : { other: method };

/**
 * The FA(3) input of an invoice row; for a correction, `correctedKsefNumber` is its invoice's KSeF
 * number (a correction is sent only once its invoice is in KSeF).
 */
function ksefInputOf(row: InvoiceRow, correctedKsefNumber: string | null): KsefInvoice {
  const doc = row.data as InvoiceDocument;
  const common = {
    number: doc.number,
    issueDate: doc.issueDate,
    place: doc.place,
    seller: {
      nip: doc.seller.nip.replace(/\D/g, ''),
      name: doc.seller.name,
      address: addressOf(doc.seller, 'PL'),
    },
    buyer: buyerOf(doc.buyer),
    createdAt: row.createdAt,
    orderNumber: String(doc.orderId),
  };
  const lines = doc.lines.map((l) => ({ ...l, unit: l.unit ?? 'szt.' }));
  if (doc.kind === 'CORRECTION') {
    return {
      ...common,
      kind: 'KOR',
      saleDate: doc.saleDate,
      lines,
      reason: doc.reason ?? 'zwrot należności',
      ...(doc.variant ? { corrected: doc.variant } : {}),
      corrects: {
        number: doc.corrects!.number,
        issueDate: doc.corrects!.issueDate,
        ksefNumber: correctedKsefNumber!,
      },
    };
  }
  const payment = doc.payment.paidAt
    ? { payment: { paidOn: doc.payment.paidAt, form: paymentFormOf(doc.payment.method) } }
    : {};
  if (doc.variant === 'ADVANCE') {
    // The whole price received before the experience: the advance is the order's total (P_15),
    // received on the day of payment (P_6), towards the order's lines (Zamowienie).
    return {
      ...common,
      kind: 'ZAL',
      receivedOn: doc.payment.paidAt ?? doc.saleDate,
      advanceGross: doc.total.gross,
      orderLines: lines,
      ...payment,
    };
  }
  if (doc.variant === 'MARGIN') {
    return {
      ...common,
      kind: 'MARGIN',
      saleDate: doc.saleDate,
      lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, unit: l.unit, gross: l.gross })),
      ...payment,
    };
  }
  return { ...common, kind: 'VAT', saleDate: doc.saleDate, lines, ...payment };
}

/**
 * The FA(3) XML of an issued invoice as it is sent to KSeF; null for a correction whose invoice has
 * no KSeF number yet (the outbox asks again later).
 */
export async function ksefXmlOf(db: Tx, row: InvoiceRow): Promise<string | null> {
  let corrected: string | null = null;
  if (row.kind === 'CORRECTION') {
    const [original] = await db
      .select({ ksefNumber: ksefSubmissions.ksefNumber })
      .from(ksefSubmissions)
      .where(eq(ksefSubmissions.invoiceId, row.correctsId ?? 0));
    corrected = original?.ksefNumber ?? null;
    if (!corrected) return null;
  }
  return buildFa3Xml(ksefInputOf(row, corrected));
}

/** The outbox's `prepare`: the XML of a queued invoice by its id. */
export async function ksefXmlOfInvoice(db: Tx, invoiceId: number): Promise<string | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row ? ksefXmlOf(db, row) : null;
}

/**
 * What the PDF prints of KSeF: KOD I of the XML as sent (the stand-in's invoices point at KSeF's test
 * host, which does not know them), the KSeF number, and a correction's corrected KSeF number. While an
 * invoice issued offline has no KSeF number, KOD II too: the link naming the Offline certificate,
 * signed with its key (docs/kody-qr.md §2), in the seller's own context (`Nip`, the seller's NIP).
 * Null for an invoice issued before KSeF was wired.
 */
export async function pdfKsefOf(
  db: Tx,
  config: Pick<Config, 'KSEF_ENV' | 'KSEF_OFFLINE'>,
  row: InvoiceRow,
): Promise<InvoiceKsef | null> {
  const rows = await submissionsOf(db, row.correctsId ? [row.id, row.correctsId] : [row.id]);
  const own = rows.get(row.id);
  if (!own) return null;
  const doc = row.data as InvoiceDocument;
  const environment = config.KSEF_ENV === 'stand-in' ? 'test' : config.KSEF_ENV;
  const sellerNip = doc.seller.nip.replace(/\D/g, '');
  const hash = own.xml ? invoiceHash(own.xml) : null;
  // KOD II only while the invoice is offline: once KSeF numbers it, KOD I with the number suffices.
  const signer = own.offline && !own.ksefNumber ? config.KSEF_OFFLINE : null;
  return {
    verificationLink: hash ? invoiceVerificationLink(environment, sellerNip, doc.issueDate, hash) : null,
    certificateLink:
      signer && hash
        ? signedCertificateVerificationLink(
            environment,
            {
              contextType: 'Nip',
              contextId: sellerNip,
              sellerNip,
              certificateSerial: signer.serialNumber,
              hash,
            },
            signer.privateKey,
          )
        : null,
    ksefNumber: own.ksefNumber,
    correctedKsefNumber: row.correctsId ? (rows.get(row.correctsId)?.ksefNumber ?? null) : null,
  };
}
