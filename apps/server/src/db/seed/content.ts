import { contact, faqCategories, faqQuestions, pages } from '../schema';
import type { SeedContext } from './index';

const ABOUT_PL = `
<section>
  <h2>Klub dla tych, którzy oczekują więcej</h2>
  <p>Excellence Club zrzesza właścicieli najbardziej wyjątkowych samochodów marki. Członkostwo otrzymuje każdy, kto w ciągu ostatnich dwóch lat kupił samochód serii 7, serii 8, X7, M8, XM lub i7 – i zachowuje je przez dwa lata od dnia odbioru auta.</p>
</section>
<section>
  <h2>Doświadczenia, których nie można kupić gdzie indziej</h2>
  <p>Przez cały rok przygotowujemy program wydarzeń dostępnych wyłącznie dla członków: dni torowe z instruktorami, wyprawy najpiękniejszymi drogami Europy, akademię jazdy zimowej, gale i premiery. Liczba miejsc jest zawsze ograniczona, aby każde spotkanie zachowało kameralny charakter.</p>
  <ul>
    <li>pierwszeństwo zapisów na wszystkie wydarzenia klubu,</li>
    <li>osobisty concierge od poniedziałku do piątku,</li>
    <li>zaproszenia na premiery nowych modeli,</li>
    <li>oferty partnerów klubu: hoteli, linii lotniczych i manufaktur.</li>
  </ul>
</section>
<section>
  <h2>Karta klubowa</h2>
  <p>Karta członkowska potwierdza Twoje uprawnienia podczas wydarzeń i u partnerów. Znajdziesz ją w zakładce <a href="/panel/account/club-card">Karta klubowa</a>.</p>
</section>`;

const ABOUT_EN = `
<section>
  <h2>A club for those who expect more</h2>
  <p>Excellence Club brings together the owners of the brand’s most exceptional cars. Membership is granted to everyone who bought a 7 Series, 8 Series, X7, M8, XM or i7 within the last two years, and lasts two years from the day the car was delivered.</p>
</section>
<section>
  <h2>Experiences you cannot buy anywhere else</h2>
  <p>All year round we prepare a programme open to members only: coached track days, journeys along Europe’s finest roads, a winter driving academy, galas and premieres. Places are always limited, so that every gathering keeps its intimate character.</p>
  <ul>
    <li>priority booking for every club experience,</li>
    <li>a personal concierge from Monday to Friday,</li>
    <li>invitations to new model premieres,</li>
    <li>offers from the club’s partners: hotels, airlines and manufactures.</li>
  </ul>
</section>
<section>
  <h2>Your club card</h2>
  <p>The membership card confirms your privileges at experiences and with partners. You will find it under <a href="/panel/account/club-card">Club card</a>.</p>
</section>`;

type Faq = { pl: string; en: string; questions: [string, string, string, string][] };

const FAQ: Faq[] = [
  {
    pl: 'Członkostwo',
    en: 'Membership',
    questions: [
      [
        'Kto może zostać członkiem Excellence Club?',
        'Who can join Excellence Club?',
        '<p>Każdy, kto w ciągu ostatnich dwóch lat kupił samochód serii 7, serii 8, X7, M8, XM lub i7 u autoryzowanego dealera. Dealer rejestruje Cię w klubie i przesyła zaproszenie e-mailem.</p>',
        '<p>Anyone who bought a 7 Series, 8 Series, X7, M8, XM or i7 from an authorised dealer within the last two years. Your dealer registers you with the club and sends the invitation by e-mail.</p>',
      ],
      [
        'Jak długo trwa członkostwo?',
        'How long does membership last?',
        '<p>Dwa lata od daty odbioru samochodu. Datę ważności znajdziesz na swojej karcie klubowej.</p>',
        '<p>Two years from the day your car was delivered. The expiry date is shown on your club card.</p>',
      ],
      [
        'Czy mogę zabrać osobę towarzyszącą?',
        'May I bring a companion?',
        '<p>Tak. Na każde wydarzenie możesz kupić jedno miejsce dla siebie i jedno dla osoby towarzyszącej – jej imię i nazwisko podajesz w koszyku.</p>',
        '<p>Yes. For every experience you may book one place for yourself and one for a companion, whose name you give in the cart.</p>',
      ],
    ],
  },
  {
    pl: 'Rezerwacje i płatności',
    en: 'Bookings and payments',
    questions: [
      [
        'Jak zarezerwować udział w wydarzeniu?',
        'How do I book an experience?',
        '<p>Dodaj wydarzenie do koszyka, uzupełnij dane uczestników i zaakceptuj regulamin, a następnie złóż zamówienie. Miejsca są zarezerwowane po opłaceniu zamówienia.</p>',
        '<p>Add the experience to your cart, fill in the participants’ details, accept the rules and place the order. Places are secured once the order is paid.</p>',
      ],
      [
        'Co oznacza lista oczekujących?',
        'What is the waiting list?',
        '<p>Gdy miejsca się wyczerpią, możesz zapisać się na listę oczekujących. Jeśli ktoś zrezygnuje, wyślemy Ci wiadomość e-mail – o zapisie decyduje kolejność zamówień.</p>',
        '<p>When an experience is sold out, you can join its waiting list. If a place becomes free we will e-mail you – places go to whoever orders first.</p>',
      ],
      [
        'Czy otrzymam fakturę VAT?',
        'Will I receive a VAT invoice?',
        '<p>Tak. Zaznacz opcję faktury przy składaniu zamówienia; dane do faktury uzupełnisz w zakładce <a href="/panel/account/invoice-info">Dane do faktury</a>.</p>',
        '<p>Yes. Tick the invoice option when placing the order; keep your details up to date under <a href="/panel/account/invoice-info">Invoice details</a>.</p>',
      ],
    ],
  },
  {
    pl: 'Na miejscu',
    en: 'On the day',
    questions: [
      [
        'Czy potrzebuję własnego samochodu?',
        'Do I need my own car?',
        '<p>Nie. Na dniach torowych i w akademii jazdy zapewniamy samochody, paliwo i ubezpieczenie. Na wyprawy możesz przyjechać własnym autem lub skorzystać z floty klubu.</p>',
        '<p>No. For track days and the academy we provide cars, fuel and insurance. For journeys you may bring your own car or drive one from the club’s fleet.</p>',
      ],
      [
        'Co jeśli nie mogę przyjechać?',
        'What if I cannot attend?',
        '<p>Do 14 dni przed wydarzeniem zwracamy całą opłatę. Później możesz wskazać osobę zastępczą – skontaktuj się z <a href="https://excellence-club.example/concierge">concierge klubu</a>.</p>',
        '<p>Up to 14 days before the experience we refund the full fee. After that you may name a replacement – contact the <a href="https://excellence-club.example/concierge">club concierge</a>.</p>',
      ],
    ],
  },
];

/** The ABOUT page, the contact data and the FAQ, in Polish and English. */
export async function seedContentDemo({ db }: SeedContext): Promise<void> {
  await db.insert(pages).values({
    type: 'ABOUT',
    titlePl: 'Excellence Club',
    titleEn: 'Excellence Club',
    subtitlePl: 'Świat wyjątkowych doświadczeń dla właścicieli wyjątkowych samochodów.',
    subtitleEn: 'A world of exceptional experiences for the owners of exceptional cars.',
    sectionsHtmlPl: ABOUT_PL.trim(),
    sectionsHtmlEn: ABOUT_EN.trim(),
  });
  await db.insert(contact).values({
    titlePl: 'Concierge Excellence Club',
    titleEn: 'Excellence Club Concierge',
    descriptionPl:
      'Pytania o wydarzenia, zapisy lub członkostwo? Nasz zespół concierge odpowie osobiście, zwykle jeszcze tego samego dnia.',
    descriptionEn:
      'Questions about experiences, bookings or membership? Our concierge team answers personally, usually the same day.',
    email: 'concierge@excellence-club.example',
    phone: '+48 22 100 20 30',
    daysPl: 'Poniedziałek – piątek, 9:00–18:00',
    daysEn: 'Monday – Friday, 9:00 a.m. – 6:00 p.m.',
  });
  for (const [index, category] of FAQ.entries()) {
    const [row] = await db
      .insert(faqCategories)
      .values({ namePl: category.pl, nameEn: category.en, position: index + 1 })
      .returning({ id: faqCategories.id });
    await db.insert(faqQuestions).values(
      category.questions.map(([questionPl, questionEn, answerPl, answerEn], position) => ({
        categoryId: row!.id,
        questionPl,
        questionEn,
        answerPl,
        answerEn,
        position,
      })),
    );
  }
}
