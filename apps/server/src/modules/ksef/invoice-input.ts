/**
 * What an FA(3) invoice is built from (issue 30): plain data, money in integer grosze, dates as
 * `YYYY-MM-DD` (the club's day, Europe/Warsaw). Nothing here reads the database or the configuration:
 * the caller (later the KSeF outbox) maps an issued invoice onto these shapes.
 */

/** An address as FA(3) has it (`TAdres`): the country's ISO code and up to two free lines. */
export type KsefAddress = { countryCode: string; line1: string; line2?: string };

/** The seller (`Podmiot1`): always a Polish taxpayer with a NIP. */
export type KsefSeller = { nip: string; name: string; address: KsefAddress; email?: string };

/**
 * The buyer (`Podmiot2`): a Polish company (NIP), a company from another EU country (its VAT UE
 * prefix, e.g. `DE`, and number without the prefix), or a consumer, who has no tax number
 * (`BrakID`) and whose address may be left out.
 */
export type KsefBuyer =
  | { kind: 'company-pl'; nip: string; name: string; address: KsefAddress }
  | { kind: 'company-eu'; vatPrefix: string; vatNumber: string; name: string; address: KsefAddress }
  | { kind: 'consumer'; name: string; address?: KsefAddress };

/**
 * One line taxed by a VAT rate (23, 8, 5 or 0 percent), with the amounts the club's invoice already
 * has (`invoices/document.ts` `InvoiceLine` has this shape): a correction's lines carry the
 * differences, below zero.
 */
export type KsefLine = {
  name: string;
  quantity: number;
  /** The unit of measure (`P_8A`); "szt." when left out. */
  unit?: string;
  vatRate: number;
  unitNet: number;
  net: number;
  vat: number;
  gross: number;
};

/** A line of the travel-agency margin scheme (art. 119): only the gross amount, no VAT is shown. */
export type KsefMarginLine = { name: string; quantity: number; unit?: string; gross: number };

/** How the buyer paid (`TFormaPlatnosci`), or another way described in words. */
export type KsefPaymentForm =
  | 'cash'
  | 'card'
  | 'voucher'
  | 'cheque'
  | 'credit'
  | 'transfer'
  | 'mobile'
  | { other: string };

type KsefInvoiceCommon = {
  /** The club's invoice number (`P_2`), e.g. `FV/2026/000123`. */
  number: string;
  issueDate: string;
  /** The place of issue (`P_1M`). */
  place?: string;
  seller: KsefSeller;
  buyer: KsefBuyer;
  /** When the XML was made (`DataWytworzeniaFa`). */
  createdAt: Date;
  /** The paid amount's day and form; left out on a correction. */
  payment?: { paidOn: string; form: KsefPaymentForm };
  /** The club's order number, shown as the order the invoice belongs to. */
  orderNumber?: string;
};

/**
 * The four kinds the club issues: a VAT invoice, an advance invoice (a payment received before the
 * experience, with the order it is paid towards), a correction of an invoice that is in KSeF (its
 * lines are the differences), and a travel-agency invoice in the margin scheme.
 */
export type KsefInvoice =
  | (KsefInvoiceCommon & { kind: 'VAT'; saleDate?: string; lines: KsefLine[] })
  | (KsefInvoiceCommon & {
      kind: 'ZAL';
      /** The day the advance was received (`P_6`). */
      receivedOn: string;
      /** The advance's gross amount (`P_15`), spread over the order's lines by their gross. */
      advanceGross: number;
      /** The whole order or contract the advance is paid towards (`Zamowienie`). */
      orderLines: KsefLine[];
    })
  | (KsefInvoiceCommon & {
      kind: 'KOR';
      saleDate?: string;
      lines: KsefLine[];
      reason: string;
      corrects: { number: string; issueDate: string; ksefNumber: string };
      /**
       * What the corrected invoice was: an advance invoice's correction is `KOR_ZAL` (its differences
       * go to the order, `Zamowienie`, not to `FaWiersz`); a margin-scheme invoice's correction keeps
       * the scheme (no VAT shown, `P_13_11`). A plain VAT invoice when left out.
       */
      corrected?: 'ADVANCE' | 'MARGIN';
    })
  | (KsefInvoiceCommon & { kind: 'MARGIN'; saleDate?: string; lines: KsefMarginLine[] });
