import { splitGross, splitProportionally } from '@club/shared';

/** One line of an invoice; amounts in grosze (a correction's are the differences, below zero). */
export type InvoiceLine = {
  name: string;
  quantity: number;
  /** The unit of measure (art. 106e ust. 1 pkt 8); invoices issued before it was stored read "szt.". */
  unit?: string;
  unitNet: number;
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
};

export type InvoiceParty = { name: string; address: string[]; nip: string };

/**
 * An invoice as it was issued (stored in `invoices.data`): everything the PDF prints, so that it
 * never changes with the member's data, the experience or the configuration.
 */
export type InvoiceDocument = {
  kind: 'INVOICE' | 'CORRECTION';
  number: string;
  issueDate: string;
  saleDate: string;
  place: string;
  orderId: number;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  totals: { vatRate: number; net: number; vat: number; gross: number }[];
  total: { net: number; vat: number; gross: number };
  payment: { method: string; paid: boolean; paidAt: string | null };
  /** A correction: the invoice it corrects and why. */
  corrects?: { number: string; issueDate: string };
  reason?: string;
  /**
   * The kind of invoice (docs/invoices.md): `ADVANCE`, an advance invoice (art. 106b ust. 1 pkt 4)
   * for a payment received before the experience, covering its whole price (so no final invoice,
   * art. 106f ust. 4); `MARGIN`, the travel-agency margin scheme (art. 119), no VAT shown. Left out:
   * a plain VAT invoice (and every invoice issued before these kinds). A correction carries its
   * corrected invoice's kind.
   */
  variant?: 'ADVANCE' | 'MARGIN';
};

/**
 * The lines of a margin-scheme invoice (art. 106e ust. 3 for art. 119): the gross only; no rate, net or VAT is
 * shown, so the line keeps its gross as its "net", VAT 0 and rate 0 (the accountant's export reads
 * the margin sales as untaxed amounts; the margin's own VAT is the club's books', not the invoice's).
 */
export function marginLines(lines: InvoiceLine[]) {
  const margin = lines.map((l) => ({
    ...l,
    vatRate: 0,
    unitNet: Math.round(l.gross / Math.max(1, l.quantity)),
    net: l.gross,
    vat: 0,
  }));
  return { lines: margin, ...totalsOf(margin) };
}

type SourceLine = { name: string; quantity: number; vatRate: number; gross: number };

/** A line from its gross amount: net by the rate per line (rounded half up), VAT the rest. */
function lineOf(source: SourceLine, sign: 1 | -1): InvoiceLine {
  const { net, vat } = splitGross(source.gross, source.vatRate);
  const quantity = Math.max(1, source.quantity);
  return {
    name: source.name,
    quantity: source.quantity,
    unit: 'szt.',
    unitNet: sign * Math.round(net / quantity),
    vatRate: source.vatRate,
    net: sign * net,
    vat: sign * vat,
    gross: sign * source.gross,
  };
}

/** Sums per VAT rate (highest first) and the grand total of the lines. */
function totalsOf(lines: InvoiceLine[]) {
  const byRate = new Map<number, { vatRate: number; net: number; vat: number; gross: number }>();
  for (const l of lines) {
    const t = byRate.get(l.vatRate) ?? { vatRate: l.vatRate, net: 0, vat: 0, gross: 0 };
    t.net += l.net;
    t.vat += l.vat;
    t.gross += l.gross;
    byRate.set(l.vatRate, t);
  }
  const totals = [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate);
  const total = totals.reduce(
    (s, t) => ({ net: s.net + t.net, vat: s.vat + t.vat, gross: s.gross + t.gross }),
    {
      net: 0,
      vat: 0,
      gross: 0,
    },
  );
  return { totals, total };
}

/**
 * The lines of an order's invoice: each line's gross is its price × quantity less its share of the
 * discount (spread in proportion, to the grosz), so the lines add up to what the member paid.
 */
export function invoiceLines(
  items: { productName: string; quantity: number; priceGrosze: number; vatRate: number }[],
  paidGrosze: number,
) {
  const grosses = splitProportionally(
    paidGrosze,
    items.map((i) => i.priceGrosze * i.quantity),
  );
  const lines = items.map((item, i) =>
    lineOf({ name: item.productName, quantity: item.quantity, vatRate: item.vatRate, gross: grosses[i]! }, 1),
  );
  return { lines, ...totalsOf(lines) };
}

/**
 * The lines of a correction taking back `refundGrosze` of an invoice: spread over the invoice's lines
 * in proportion to their gross, each split by its rate; the differences are below zero.
 */
export function correctionLines(original: InvoiceLine[], refundGrosze: number) {
  const parts = splitProportionally(
    refundGrosze,
    original.map((l) => l.gross),
  );
  const lines = original
    .map((l, i) => lineOf({ name: l.name, quantity: l.quantity, vatRate: l.vatRate, gross: parts[i]! }, -1))
    .filter((l) => l.gross !== 0);
  return { lines, ...totalsOf(lines) };
}
