import { describe, expect, it } from 'vitest';
import { fa3Errors, readXml } from '../../../test/support/ksef-xsd';
import { buildFa3Xml } from './build-fa3';
import type { KsefBuyer, KsefInvoice, KsefLine } from './invoice-input';

// Pure tests (no database): they run under both API projects, like every server test.

const seller = {
  nip: '1234563218',
  name: 'Excellence Club Demo Sp. z o.o.',
  address: { countryCode: 'PL', line1: 'ul. Żelazna 59', line2: '00-848 Warszawa' },
  email: 'faktury@example.com',
};

const buyers: Record<KsefBuyer['kind'], KsefBuyer> = {
  'company-pl': {
    kind: 'company-pl',
    nip: '5260250274',
    name: 'Źródło Sp. z o.o.',
    address: { countryCode: 'PL', line1: 'ul. Długa 5', line2: '31-147 Kraków' },
  },
  'company-eu': {
    kind: 'company-eu',
    vatPrefix: 'DE',
    vatNumber: '123456789',
    name: 'Rennsport GmbH',
    address: { countryCode: 'DE', line1: 'Hauptstraße 1', line2: '10115 Berlin' },
  },
  consumer: {
    kind: 'consumer',
    name: 'Jan Kowalski',
    address: { countryCode: 'PL', line1: 'ul. Polna 3', line2: '00-001 Warszawa' },
  },
};

// 1 230,00 zł at 23 % and 2 × 54,00 zł at 8 %: the amounts of the club's invoice lines.
const lines: KsefLine[] = [
  {
    name: 'Jazda po torze Porsche 911 GT3',
    quantity: 1,
    vatRate: 23,
    unitNet: 100000,
    net: 100000,
    vat: 23000,
    gross: 123000,
  },
  {
    name: 'Kolacja degustacyjna',
    quantity: 2,
    vatRate: 8,
    unitNet: 5000,
    net: 10000,
    vat: 800,
    gross: 10800,
  },
];

const common = {
  number: 'FV/2026/000123',
  issueDate: '2026-02-03',
  place: 'Warszawa',
  seller,
  createdAt: new Date('2026-02-03T09:15:00Z'),
  orderNumber: '4711',
};

function invoiceOf(kind: KsefInvoice['kind'], buyer: KsefBuyer): KsefInvoice {
  const payment = { paidOn: '2026-02-01', form: 'transfer' as const };
  switch (kind) {
    case 'VAT':
      return { ...common, kind, buyer, saleDate: '2026-02-01', lines, payment };
    case 'ZAL':
      return {
        ...common,
        kind,
        buyer,
        receivedOn: '2026-02-01',
        advanceGross: 40000,
        orderLines: lines,
        payment,
      };
    case 'KOR':
      return {
        ...common,
        kind,
        buyer,
        number: 'FK/2026/000007',
        reason: 'Zwrot części zapłaty',
        corrects: {
          number: 'FV/2026/000123',
          issueDate: '2026-02-03',
          ksefNumber: '1234563218-20260203-0A1B2C-3D4E5F-7A',
        },
        lines: [{ ...lines[0]!, unitNet: -10000, net: -10000, vat: -2300, gross: -12300 }],
      };
    case 'MARGIN':
      return {
        ...common,
        kind,
        buyer,
        saleDate: '2026-02-01',
        lines: [{ name: 'Wyjazd na Grand Prix Monako', quantity: 2, gross: 1250050 }],
        payment: { paidOn: '2026-02-01', form: { other: 'płatność online (Przelewy24)' } },
      };
  }
}

const kinds: KsefInvoice['kind'][] = ['VAT', 'ZAL', 'KOR', 'MARGIN'];
const cases = kinds.flatMap((kind) => Object.values(buyers).map((buyer) => ({ kind, buyer: buyer.kind })));

describe('FA(3) XML against the official schema', () => {
  it.each(cases)('a $kind invoice to a $buyer buyer is valid FA(3)', ({ kind, buyer }) => {
    const xml = buildFa3Xml(invoiceOf(kind, buyers[buyer]));
    expect(fa3Errors(xml)).toEqual([]);
    const doc = readXml(xml);
    expect(doc.text('/f:Faktura/f:Naglowek/f:KodFormularza/@kodSystemowy')).toBe('FA (3)');
    expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe(kind === 'MARGIN' ? 'VAT' : kind);
    expect(doc.text('//f:Podmiot1/f:DaneIdentyfikacyjne/f:NIP')).toBe('1234563218');
    expect(doc.text('//f:Podmiot1/f:Adres/f:AdresL1')).toBe('ul. Żelazna 59');
  });

  it('names each kind of buyer the way the schema asks', () => {
    const id = (buyer: KsefBuyer) => readXml(buildFa3Xml(invoiceOf('VAT', buyer)));
    const pl = id(buyers['company-pl']);
    expect(pl.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:NIP')).toBe('5260250274');
    expect(pl.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:Nazwa')).toBe('Źródło Sp. z o.o.');
    const eu = id(buyers['company-eu']);
    expect(eu.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:KodUE')).toBe('DE');
    expect(eu.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:NrVatUE')).toBe('123456789');
    expect(eu.text('//f:Podmiot2/f:Adres/f:KodKraju')).toBe('DE');
    expect(eu.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:NIP')).toBeNull();
    const consumer = id(buyers.consumer);
    expect(consumer.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:BrakID')).toBe('1');
    expect(consumer.text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:NIP')).toBeNull();
    // A consumer's address may be left out (art. 106e ust. 5 pkt 3).
    const anonymous = buildFa3Xml(invoiceOf('VAT', { kind: 'consumer', name: 'Anna Nowak' }));
    expect(fa3Errors(anonymous)).toEqual([]);
    expect(readXml(anonymous).text('//f:Podmiot2/f:Adres')).toBeNull();
  });

  it('a VAT invoice carries each rate’s net and VAT, the lines and the total in złote with two decimals', () => {
    const doc = readXml(buildFa3Xml(invoiceOf('VAT', buyers['company-pl'])));
    expect(doc.text('//f:Fa/f:P_1')).toBe('2026-02-03');
    expect(doc.text('//f:Fa/f:P_2')).toBe('FV/2026/000123');
    expect(doc.text('//f:Fa/f:P_6')).toBe('2026-02-01');
    expect(doc.text('//f:Fa/f:P_13_1')).toBe('1000.00');
    expect(doc.text('//f:Fa/f:P_14_1')).toBe('230.00');
    expect(doc.text('//f:Fa/f:P_13_2')).toBe('100.00');
    expect(doc.text('//f:Fa/f:P_14_2')).toBe('8.00');
    expect(doc.text('//f:Fa/f:P_15')).toBe('1338.00');
    expect(doc.all('//f:FaWiersz/f:P_12')).toEqual(['23', '8']);
    expect(doc.all('//f:FaWiersz/f:P_9A')).toEqual(['1000.00', '50.00']);
    expect(doc.all('//f:FaWiersz/f:P_8B')).toEqual(['1', '2']);
    expect(doc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzyN')).toBe('1');
    expect(doc.text('//f:Platnosc/f:DataZaplaty')).toBe('2026-02-01');
    expect(doc.text('//f:Platnosc/f:FormaPlatnosci')).toBe('6');
    expect(doc.text('//f:WarunkiTransakcji/f:Zamowienia/f:NrZamowienia')).toBe('4711');
  });

  it('an advance invoice has the day the advance came, its VAT by rate and the order it pays towards', () => {
    const doc = readXml(buildFa3Xml(invoiceOf('ZAL', buyers['company-pl'])));
    expect(doc.text('//f:Fa/f:P_6')).toBe('2026-02-01');
    // 400,00 zł spread over 1 230,00 and 108,00 zł: 367,71 zł at 23 %, 32,29 zł at 8 %.
    expect(doc.text('//f:Fa/f:P_13_1')).toBe('298.95');
    expect(doc.text('//f:Fa/f:P_14_1')).toBe('68.76');
    expect(doc.text('//f:Fa/f:P_13_2')).toBe('29.90');
    expect(doc.text('//f:Fa/f:P_14_2')).toBe('2.39');
    expect(doc.text('//f:Fa/f:P_15')).toBe('400.00');
    expect(doc.text('//f:Zamowienie/f:WartoscZamowienia')).toBe('1338.00');
    expect(doc.all('//f:ZamowienieWiersz/f:P_11VatZ')).toEqual(['230.00', '8.00']);
    expect(doc.all('//f:FaWiersz')).toEqual([]);
  });

  it('a correction names the corrected invoice by its number, date and KSeF number, with negative differences', () => {
    const doc = readXml(buildFa3Xml(invoiceOf('KOR', buyers.consumer)));
    expect(doc.text('//f:DaneFaKorygowanej/f:NrFaKorygowanej')).toBe('FV/2026/000123');
    expect(doc.text('//f:DaneFaKorygowanej/f:DataWystFaKorygowanej')).toBe('2026-02-03');
    expect(doc.text('//f:DaneFaKorygowanej/f:NrKSeF')).toBe('1');
    expect(doc.text('//f:DaneFaKorygowanej/f:NrKSeFFaKorygowanej')).toBe(
      '1234563218-20260203-0A1B2C-3D4E5F-7A',
    );
    expect(doc.text('//f:Fa/f:PrzyczynaKorekty')).toBe('Zwrot części zapłaty');
    expect(doc.text('//f:Fa/f:P_13_1')).toBe('-100.00');
    expect(doc.text('//f:Fa/f:P_14_1')).toBe('-23.00');
    expect(doc.text('//f:Fa/f:P_15')).toBe('-123.00');
    expect(doc.all('//f:FaWiersz/f:P_11')).toEqual(['-100.00']);
  });

  it('a travel-agency invoice is in the margin scheme and shows no VAT', () => {
    const xml = buildFa3Xml(invoiceOf('MARGIN', buyers['company-eu']));
    const doc = readXml(xml);
    expect(doc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzy')).toBe('1');
    expect(doc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzy_2')).toBe('1');
    expect(doc.text('//f:Fa/f:P_13_11')).toBe('12500.50');
    expect(doc.text('//f:Fa/f:P_15')).toBe('12500.50');
    expect(doc.all('//f:FaWiersz/f:P_11A')).toEqual(['12500.50']);
    expect(doc.all('//f:FaWiersz/f:P_9B')).toEqual(['6250.25']);
    expect(xml).not.toMatch(/P_14_|P_12>|P_11>|P_13_1>/);
    expect(doc.text('//f:Platnosc/f:OpisPlatnosci')).toBe('płatność online (Przelewy24)');
  });
});

describe('corrections of an advance and of a margin-scheme invoice (art. 106j)', () => {
  const korOf = (corrected: 'ADVANCE' | 'MARGIN', buyer: KsefBuyer) =>
    buildFa3Xml({ ...(invoiceOf('KOR', buyer) as Extract<KsefInvoice, { kind: 'KOR' }>), corrected });
  const buyerKinds = Object.keys(buyers) as KsefBuyer['kind'][];

  it.each(buyerKinds)('a correction of an advance invoice to a %s buyer is a valid KOR_ZAL', (buyer) => {
    const xml = korOf('ADVANCE', buyers[buyer]);
    expect(fa3Errors(xml)).toEqual([]);
    const doc = readXml(xml);
    expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe('KOR_ZAL');
    expect(doc.text('//f:DaneFaKorygowanej/f:NrKSeFFaKorygowanej')).toBe(
      '1234563218-20260203-0A1B2C-3D4E5F-7A',
    );
    expect(doc.text('//f:Fa/f:P_13_1')).toBe('-100.00');
    expect(doc.text('//f:Fa/f:P_15')).toBe('-123.00');
    // The differences go to the order's lines, not to FaWiersz.
    expect(doc.all('//f:FaWiersz')).toEqual([]);
    expect(doc.text('//f:Zamowienie/f:WartoscZamowienia')).toBe('-123.00');
    expect(doc.all('//f:ZamowienieWiersz/f:P_11VatZ')).toEqual(['-23.00']);
  });

  it.each(buyerKinds)(
    'a correction of a margin-scheme invoice to a %s buyer keeps the scheme and shows no VAT',
    (buyer) => {
      const xml = korOf('MARGIN', buyers[buyer]);
      expect(fa3Errors(xml)).toEqual([]);
      const doc = readXml(xml);
      expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe('KOR');
      expect(doc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzy_2')).toBe('1');
      expect(doc.text('//f:Fa/f:P_13_11')).toBe('-123.00');
      expect(doc.all('//f:FaWiersz/f:P_11A')).toEqual(['-123.00']);
      expect(xml).not.toMatch(/P_14_|P_12>|P_11>|P_13_1>/);
    },
  );
});

describe('a broken invoice', () => {
  it('fails the schema: a NIP of the wrong length, a missing number', () => {
    const badNip = buildFa3Xml(invoiceOf('VAT', { ...buyers['company-pl'], nip: '123' } as KsefBuyer));
    expect(fa3Errors(badNip).join('\n')).toMatch(/NIP/);
    const noNumber = buildFa3Xml(invoiceOf('VAT', buyers.consumer)).replace(/<P_2>[^<]*<\/P_2>/, '');
    expect(fa3Errors(noNumber).join('\n')).toMatch(/P_2/);
  });

  it('is refused by the builder: a fraction of a grosz, a VAT rate FA(3) has no field for', () => {
    const vat = invoiceOf('VAT', buyers.consumer) as Extract<KsefInvoice, { kind: 'VAT' }>;
    expect(() => buildFa3Xml({ ...vat, lines: [{ ...lines[0]!, net: 100000.5 }] })).toThrow(/grosze/);
    expect(() => buildFa3Xml({ ...vat, lines: [{ ...lines[0]!, vatRate: 7 }] })).toThrow(/VAT rate 7/);
  });
});
