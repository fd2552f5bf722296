// Draws the footer PDFs (apps/web/public/docs) with pdfkit and Debian's Liberation fonts: `npx -p pdfkit node scripts/make-legal-pdfs.cjs apps/web/public/docs`.
const PDFDocument = require('pdfkit');
const fs = require('node:fs');
const F = '/usr/share/fonts/truetype/liberation/';
function make(file, title, sections) {
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: title, Author: 'Excellence Club' } });
  doc.pipe(fs.createWriteStream(file));
  doc.registerFont('serif', `${F}LiberationSerif-Regular.ttf`);
  doc.registerFont('sans', `${F}LiberationSans-Regular.ttf`);
  doc.registerFont('sansb', `${F}LiberationSans-Bold.ttf`);
  doc.font('serif').fontSize(26).fillColor('#90722C').text('EXCELLENCE CLUB', { characterSpacing: 3 });
  doc.moveDown(0.3).font('serif').fontSize(20).fillColor('#111').text(title);
  doc.moveDown(1);
  for (const [h, body] of sections) {
    doc.font('sansb').fontSize(12).fillColor('#111').text(h);
    doc
      .moveDown(0.3)
      .font('sans')
      .fontSize(10.5)
      .fillColor('#333')
      .text(body, { align: 'justify', lineGap: 2 });
    doc.moveDown(0.9);
  }
  doc.end();
}
make(`${process.argv[2]}/privacy-policy.pdf`, 'Polityka prywatności / Privacy policy', [
  [
    '1. Administrator danych',
    'Administratorem danych osobowych członków Excellence Club jest operator klubu. Dane przetwarzamy w celu prowadzenia członkostwa w klubie, realizacji zamówień na wydarzenia i podróże, wystawiania faktur oraz — wyłącznie za zgodą — w celach marketingowych.',
  ],
  [
    '2. Zakres i podstawy przetwarzania',
    'Przetwarzamy imię, nazwisko, adres e-mail, numer telefonu, adres korespondencyjny, dane do faktury oraz historię zamówień. Podstawą jest umowa członkostwa (art. 6 ust. 1 lit. b RODO), obowiązki prawne (lit. c) oraz zgoda (lit. a).',
  ],
  [
    '3. Prawa członka',
    'Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia oraz wycofania zgody w dowolnym momencie. Konto możesz usunąć samodzielnie w panelu; opłacone zamówienia przechowujemy w formie zanonimizowanej na potrzeby rozliczeń.',
  ],
  [
    '4. Pliki cookies i analityka',
    'Panel używa niezbędnego pliku sesji. Narzędzie analityczne działa tylko po wyrażeniu zgody i nigdy nie otrzymuje imion, adresów e-mail ani numerów telefonów.',
  ],
  [
    '1. Data controller (English)',
    'The club operator is the controller of the personal data of Excellence Club members. We process data to run the membership, fulfil orders for events and trips, issue invoices and — only with consent — for marketing.',
  ],
  [
    '2. Your rights',
    'You may access, correct, erase, restrict and port your data and withdraw consent at any time. You can remove your account yourself in the panel; paid orders are kept in anonymised form for accounting.',
  ],
]);
make(`${process.argv[2]}/statute.pdf`, 'Regulamin klubu / Club statute', [
  [
    '§1. Członkostwo',
    'Członkiem Excellence Club może zostać nabywca nowego samochodu z listy modeli objętych programem (Serii 7, Serii 8, X7, M8, XM, i7), który dokonał zakupu w ciągu ostatnich dwóch lat. Członkostwo potwierdza imienna karta klubowa.',
  ],
  [
    '§2. Wydarzenia i podróże',
    'Członek może zakupić udział w wydarzeniu lub podróży dla siebie oraz jednej osoby towarzyszącej, o ile regulamin danego wydarzenia nie stanowi inaczej. Liczba miejsc jest ograniczona; o przydziale decyduje kolejność opłaconych zamówień.',
  ],
  [
    '§3. Płatności',
    'Zamówienie należy opłacić w ciągu 30 minut od jego złożenia. Nieopłacone zamówienie jest anulowane, a miejsca wracają do puli.',
  ],
  [
    '§4. Program bonusowy dla dealerów',
    'Dealerzy rejestrujący klientów w klubie mogą przystąpić do programu bonusowego. Rozliczenie podatkowe następuje na podstawie danych podanych w formularzu przystąpienia (PIT-11 lub działalność gospodarcza).',
  ],
  [
    '§1. Membership (English)',
    'Buyers of a new car of the listed models who purchased within the last two years may join the Excellence Club. Membership is confirmed by a personal club card.',
  ],
  [
    '§2. Events and trips',
    'A member may buy a place for themselves and one accompanying person, unless the event rules say otherwise. Places are limited and allocated in the order of paid orders.',
  ],
]);
