import { splitGross, splitProportionally } from '@club/shared';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { KsefBuyer, KsefInvoice, KsefLine, KsefPaymentForm, KsefSeller } from './invoice-input';

/** The namespace of the logical structure FA(3) (`schemas/schemat_FA(3)_v1-0E.xsd`). */
const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/**
 * The sums of the header (`P_13_x` net, `P_14_x` VAT) by rate: the schema has one pair per rate,
 * 0 % sold at home has only the net (`P_13_6_1`); a line names its rate with the code of `P_12`.
 */
const RATES: Record<number, { net: string; vat?: string; code: string }> = {
  23: { net: 'P_13_1', vat: 'P_14_1', code: '23' },
  8: { net: 'P_13_2', vat: 'P_14_2', code: '8' },
  5: { net: 'P_13_3', vat: 'P_14_3', code: '5' },
  0: { net: 'P_13_6_1', code: '0 KR' },
};

const PAYMENT_FORMS: Record<Exclude<KsefPaymentForm, { other: string }>, number> = {
  cash: 1,
  card: 2,
  voucher: 3,
  cheque: 4,
  credit: 5,
  transfer: 6,
  mobile: 7,
};

/** Grosze as the schema's `TKwotowy` wants them: a dot and two decimals, a minus sign in front. */
function amount(grosze: number): string {
  if (!Number.isSafeInteger(grosze)) throw new RangeError(`Not a whole number of grosze: ${grosze}`);
  const abs = Math.abs(grosze);
  return `${grosze < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function rateOf(vatRate: number) {
  const rate = RATES[vatRate];
  if (!rate) throw new RangeError(`No FA(3) field for the VAT rate ${vatRate} %`);
  return rate;
}

/** Adds `<name>value</name>` unless the value is missing. */
function leaf(parent: XMLBuilder, name: string, value: string | number | undefined) {
  if (value !== undefined) parent.ele(name).txt(String(value));
}

function address(
  parent: XMLBuilder,
  name: string,
  a: { countryCode: string; line1: string; line2?: string },
) {
  const node = parent.ele(name);
  leaf(node, 'KodKraju', a.countryCode);
  leaf(node, 'AdresL1', a.line1);
  leaf(node, 'AdresL2', a.line2);
}

function seller(root: XMLBuilder, s: KsefSeller) {
  const node = root.ele('Podmiot1');
  const id = node.ele('DaneIdentyfikacyjne');
  leaf(id, 'NIP', s.nip);
  leaf(id, 'Nazwa', s.name);
  address(node, 'Adres', s.address);
  if (s.email) node.ele('DaneKontaktowe').ele('Email').txt(s.email);
}

function buyer(root: XMLBuilder, b: KsefBuyer) {
  const node = root.ele('Podmiot2');
  const id = node.ele('DaneIdentyfikacyjne');
  if (b.kind === 'company-pl') leaf(id, 'NIP', b.nip);
  else if (b.kind === 'company-eu') {
    leaf(id, 'KodUE', b.vatPrefix);
    leaf(id, 'NrVatUE', b.vatNumber);
  } else leaf(id, 'BrakID', 1);
  leaf(id, 'Nazwa', b.name);
  if (b.address) address(node, 'Adres', b.address);
  // Not a subordinate unit of a local government, not a member of a VAT group.
  leaf(node, 'JST', 2);
  leaf(node, 'GV', 2);
}

/** Net and VAT per rate, highest rate first (the order of the schema's fields). */
function sumsByRate(lines: Pick<KsefLine, 'vatRate' | 'net' | 'vat'>[]) {
  const byRate = new Map<number, { net: number; vat: number }>();
  for (const l of lines) {
    rateOf(l.vatRate);
    const sum = byRate.get(l.vatRate) ?? { net: 0, vat: 0 };
    sum.net += l.net;
    sum.vat += l.vat;
    byRate.set(l.vatRate, sum);
  }
  return [...byRate.entries()].sort(([a], [b]) => b - a);
}

function rateSums(fa: XMLBuilder, lines: Pick<KsefLine, 'vatRate' | 'net' | 'vat'>[]) {
  for (const [vatRate, sum] of sumsByRate(lines)) {
    const rate = rateOf(vatRate);
    leaf(fa, rate.net, amount(sum.net));
    if (rate.vat) leaf(fa, rate.vat, amount(sum.vat));
  }
}

/**
 * The annotations every invoice carries (`Adnotacje`): no cash accounting, no self-billing, no
 * reverse charge, no split payment, no exemption, no new means of transport, no simplified triangular
 * procedure; the margin scheme only on a travel-agency invoice.
 */
function annotations(fa: XMLBuilder, margin: boolean) {
  const node = fa.ele('Adnotacje');
  for (const name of ['P_16', 'P_17', 'P_18', 'P_18A']) leaf(node, name, 2);
  leaf(node.ele('Zwolnienie'), 'P_19N', 1);
  leaf(node.ele('NoweSrodkiTransportu'), 'P_22N', 1);
  leaf(node, 'P_23', 2);
  const marginNode = node.ele('PMarzy');
  if (margin) {
    leaf(marginNode, 'P_PMarzy', 1);
    leaf(marginNode, 'P_PMarzy_2', 1);
  } else leaf(marginNode, 'P_PMarzyN', 1);
}

function taxedLines(fa: XMLBuilder, lines: KsefLine[]) {
  lines.forEach((l, i) => {
    const row = fa.ele('FaWiersz');
    leaf(row, 'NrWierszaFa', i + 1);
    leaf(row, 'P_7', l.name);
    leaf(row, 'P_8A', l.unit ?? 'szt.');
    leaf(row, 'P_8B', l.quantity);
    leaf(row, 'P_9A', amount(l.unitNet));
    leaf(row, 'P_11', amount(l.net));
    leaf(row, 'P_12', rateOf(l.vatRate).code);
  });
}

function payment(fa: XMLBuilder, p: NonNullable<KsefInvoice['payment']>) {
  const node = fa.ele('Platnosc');
  leaf(node, 'Zaplacono', 1);
  leaf(node, 'DataZaplaty', p.paidOn);
  if (typeof p.form === 'string') leaf(node, 'FormaPlatnosci', PAYMENT_FORMS[p.form]);
  else {
    leaf(node, 'PlatnoscInna', 1);
    leaf(node, 'OpisPlatnosci', p.form.other);
  }
}

/**
 * The advance's share of each order line: the gross spread over the lines by their gross (to the
 * grosz), each share split by its line's rate "from gross", as the club's invoices do.
 */
function advanceShares(orderLines: KsefLine[], advanceGross: number) {
  const grosses = splitProportionally(
    advanceGross,
    orderLines.map((l) => l.gross),
  );
  return orderLines.map((l, i) => ({ vatRate: l.vatRate, ...splitGross(grosses[i]!, l.vatRate) }));
}

function order(fa: XMLBuilder, orderLines: KsefLine[]) {
  const node = fa.ele('Zamowienie');
  leaf(node, 'WartoscZamowienia', amount(orderLines.reduce((s, l) => s + l.gross, 0)));
  orderLines.forEach((l, i) => {
    const row = node.ele('ZamowienieWiersz');
    leaf(row, 'NrWierszaZam', i + 1);
    leaf(row, 'P_7Z', l.name);
    leaf(row, 'P_8AZ', l.unit ?? 'szt.');
    leaf(row, 'P_8BZ', l.quantity);
    leaf(row, 'P_9AZ', amount(l.unitNet));
    leaf(row, 'P_11NettoZ', amount(l.net));
    leaf(row, 'P_11VatZ', amount(l.vat));
    leaf(row, 'P_12Z', rateOf(l.vatRate).code);
  });
}

/**
 * The invoice as an FA(3) XML document (UTF-8, no BOM), the legal invoice once KSeF accepts it.
 * Field by field after the official schema (`schemas/schemat_FA(3)_v1-0E.xsd`); docs/ksef.md says
 * which fields each kind fills. Amounts must be whole grosze and rates 23, 8, 5 or 0, else it throws.
 */
export function buildFa3Xml(invoice: KsefInvoice): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(FA3_NAMESPACE, 'Faktura');

  const header = root.ele('Naglowek');
  header.ele('KodFormularza').att('kodSystemowy', 'FA (3)').att('wersjaSchemy', '1-0E').txt('FA');
  leaf(header, 'WariantFormularza', 3);
  leaf(header, 'DataWytworzeniaFa', invoice.createdAt.toISOString());
  leaf(header, 'SystemInfo', 'Excellence Club');

  seller(root, invoice.seller);
  buyer(root, invoice.buyer);

  const fa = root.ele('Fa');
  leaf(fa, 'KodWaluty', 'PLN');
  leaf(fa, 'P_1', invoice.issueDate);
  leaf(fa, 'P_1M', invoice.place);
  leaf(fa, 'P_2', invoice.number);
  // P_6 only when it differs from the issue date (the field's own rule).
  const p6 = invoice.kind === 'ZAL' ? invoice.receivedOn : invoice.saleDate;
  if (p6 && p6 !== invoice.issueDate) leaf(fa, 'P_6', p6);

  switch (invoice.kind) {
    case 'KOR':
      if (invoice.corrected === 'MARGIN') {
        const gross = amount(invoice.lines.reduce((s, l) => s + l.gross, 0));
        leaf(fa, 'P_13_11', gross);
        leaf(fa, 'P_15', gross);
        break;
      }
      rateSums(fa, invoice.lines);
      leaf(fa, 'P_15', amount(invoice.lines.reduce((s, l) => s + l.gross, 0)));
      break;
    case 'VAT':
      rateSums(fa, invoice.lines);
      leaf(fa, 'P_15', amount(invoice.lines.reduce((s, l) => s + l.gross, 0)));
      break;
    case 'ZAL':
      rateSums(fa, advanceShares(invoice.orderLines, invoice.advanceGross));
      leaf(fa, 'P_15', amount(invoice.advanceGross));
      break;
    case 'MARGIN': {
      const gross = amount(invoice.lines.reduce((s, l) => s + l.gross, 0));
      leaf(fa, 'P_13_11', gross);
      leaf(fa, 'P_15', gross);
      break;
    }
  }

  const margin = invoice.kind === 'MARGIN' || (invoice.kind === 'KOR' && invoice.corrected === 'MARGIN');
  annotations(fa, margin);
  leaf(
    fa,
    'RodzajFaktury',
    invoice.kind === 'MARGIN'
      ? 'VAT'
      : invoice.kind === 'KOR' && invoice.corrected === 'ADVANCE'
        ? 'KOR_ZAL'
        : invoice.kind,
  );

  if (invoice.kind === 'KOR') {
    leaf(fa, 'PrzyczynaKorekty', invoice.reason);
    // A refund lowers the tax base when the correction is issued (art. 29a ust. 13).
    leaf(fa, 'TypKorekty', 2);
    const corrected = fa.ele('DaneFaKorygowanej');
    leaf(corrected, 'DataWystFaKorygowanej', invoice.corrects.issueDate);
    leaf(corrected, 'NrFaKorygowanej', invoice.corrects.number);
    leaf(corrected, 'NrKSeF', 1);
    leaf(corrected, 'NrKSeFFaKorygowanej', invoice.corrects.ksefNumber);
  }

  if (invoice.kind === 'VAT' || (invoice.kind === 'KOR' && !invoice.corrected)) taxedLines(fa, invoice.lines);
  if (invoice.kind === 'MARGIN' || (invoice.kind === 'KOR' && invoice.corrected === 'MARGIN')) {
    invoice.lines.forEach((l, i) => {
      const row = fa.ele('FaWiersz');
      leaf(row, 'NrWierszaFa', i + 1);
      leaf(row, 'P_7', l.name);
      leaf(row, 'P_8A', l.unit ?? 'szt.');
      leaf(row, 'P_8B', l.quantity);
      leaf(row, 'P_9B', amount(Math.round(l.gross / Math.max(1, l.quantity))));
      leaf(row, 'P_11A', amount(l.gross));
    });
  }

  if (invoice.payment) payment(fa, invoice.payment);
  if (invoice.orderNumber) {
    fa.ele('WarunkiTransakcji').ele('Zamowienia').ele('NrZamowienia').txt(invoice.orderNumber);
  }
  if (invoice.kind === 'ZAL') order(fa, invoice.orderLines);
  // A correction of an advance invoice shows the differences of the order's lines (the schema's
  // documentation of `Zamowienie` for KOR_ZAL), never `FaWiersz`.
  if (invoice.kind === 'KOR' && invoice.corrected === 'ADVANCE') order(fa, invoice.lines);

  return root.end({ prettyPrint: true });
}
