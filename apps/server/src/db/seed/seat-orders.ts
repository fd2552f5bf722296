import {
  CUSTOMER_STATUS,
  HOLDING_ORDER_STATUSES,
  ORDER_EVENT_KIND,
  ORDER_STATUS,
  USER_TYPE,
} from '@club/shared';
import { inArray, sql } from 'drizzle-orm';
import { clubToday } from '../../lib/club-day';
import { cardValidTo, clubCardNumber } from '../../lib/club-card';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { customers, products, users } from '../schema';
import type { SeedContext } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** First names by honorific; the guest a member brings is of the other one. */
const FIRST_NAMES = {
  MR: [
    'Adam',
    'Bartosz',
    'Damian',
    'Filip',
    'Hubert',
    'Igor',
    'Jakub',
    'Kacper',
    'Leszek',
    'Maciej',
    'Norbert',
    'Oskar',
    'Przemysław',
    'Radosław',
    'Stanisław',
    'Wojciech',
    'Zbigniew',
  ],
  MRS: [
    'Alicja',
    'Barbara',
    'Celina',
    'Dorota',
    'Elżbieta',
    'Gabriela',
    'Halina',
    'Iwona',
    'Julia',
    'Karolina',
    'Lidia',
    'Monika',
    'Natalia',
    'Patrycja',
    'Renata',
    'Urszula',
    'Zofia',
  ],
} as const;

/** Surnames in their two forms (a man's, a woman's): a member's guest shares the family name. */
const SURNAMES: [string, string][] = [
  ['Wiśniewski', 'Wiśniewska'],
  ['Wójtowicz', 'Wójtowicz'],
  ['Kaczmarek', 'Kaczmarek'],
  ['Grabowski', 'Grabowska'],
  ['Zając', 'Zając'],
  ['Król', 'Król'],
  ['Wieczorek', 'Wieczorek'],
  ['Jabłoński', 'Jabłońska'],
  ['Majewski', 'Majewska'],
  ['Olszewski', 'Olszewska'],
  ['Stępień', 'Stępień'],
  ['Malinowski', 'Malinowska'],
  ['Górski', 'Górska'],
  ['Rutkowski', 'Rutkowska'],
  ['Sikora', 'Sikora'],
  ['Baran', 'Baran'],
  ['Ostrowski', 'Ostrowska'],
  ['Chmielewski', 'Chmielewska'],
  ['Tomaszewski', 'Tomaszewska'],
];

/** A fixed spread in [0, n) for the pair (a, b): the demo is the same at every seeding. */
const spread = (a: number, b: number, n: number) => (a * 7919 + b * 104_729 + 13) % n;

const plainLetters = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase();

type SeatMember = {
  honorific: 'MR' | 'MRS';
  name: string;
  surname: string;
  guestName: string;
  guestSurname: string;
};

/** The i-th demo member: alternately a man and a woman, each name once. */
function seatMember(i: number): SeatMember {
  const honorific = i % 2 === 0 ? 'MR' : 'MRS';
  const other = honorific === 'MR' ? 'MRS' : 'MR';
  const names = FIRST_NAMES[honorific];
  const [his, hers] = SURNAMES[i % SURNAMES.length]!;
  return {
    honorific,
    name: names[Math.floor(i / 2) % names.length]!,
    surname: honorific === 'MR' ? his : hers,
    guestName: FIRST_NAMES[other][(i * 5 + 3) % FIRST_NAMES[other].length]!,
    guestSurname: other === 'MR' ? his : hers,
  };
}

type ProductRow = {
  id: number;
  type: (typeof products.$inferSelect)['type'];
  namePl: string;
  startDate: string;
  priceGrosze: number;
  vatRate: number;
  seatsTaken: number;
  labelPl: string | null;
  terms: number[] | null;
  holding: number;
};

/** Answers to the experiences' cart questions (race suit size, dietary preferences), by line. */
const LABEL_ANSWERS: Record<string, string[]> = {
  size: ['M', 'L', 'XL', 'S', 'L', 'XXL'],
  diet: ['Brak', 'Wegetariańska', 'Bez glutenu', 'Brak', 'Bez laktozy'],
};
const labelAnswer = (label: string | null, n: number) => {
  if (!label) return null;
  const answers = /rozmiar/i.test(label) ? LABEL_ANSWERS.size! : LABEL_ANSWERS.diet!;
  return answers[n % answers.length]!;
};

/**
 * Paid orders of demo members behind the catalogue's seats taken (docs/console-sales.md, "Seat board"):
 * every seat an experience counts as taken belongs to a line of an order waiting for payment or paid,
 * so the seat board's sold and held figures, the attendee list and the dashboard tell one story.
 * Runs after the demo customer's orders (seed/sales.ts) and fills only what those leave. The lines'
 * triggers keep product_sales and member_product_seats, as for an order paid on the sandbox page; the
 * members hold at most two seats of an experience (the member limit), the second for a named guest.
 * Every table is written by one insert, so the seed stays fast at any number of seats.
 */
export async function seedSeatOrders({ db }: SeedContext): Promise<void> {
  // Qualified: drizzle leaves a one-table select's columns bare, and the sub-selects have ids of their own.
  const productId = sql.raw('"products"."id"');
  const holding = sql<number>`coalesce((select sum(oi.quantity) from order_items oi
    join orders o on o.id = oi.order_id
    where oi.product_id = ${productId} and o.status in (${sql.join(
      HOLDING_ORDER_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})), 0)::int`;
  const rows: ProductRow[] = await db
    .select({
      id: products.id,
      type: products.type,
      namePl: products.namePl,
      startDate: products.startDate,
      priceGrosze: products.priceGrosze,
      vatRate: products.vatRate,
      seatsTaken: products.seatsTaken,
      labelPl: products.cartLabelPl,
      terms: sql<number[] | null>`(select json_agg(t.id order by t.id) from product_terms t
        where t.product_id = ${productId})`,
      holding,
    })
    .from(products)
    .orderBy(products.id);

  // A seat the demo customer holds of a past experience was never added to its counter (seed/sales.ts):
  // the catalogue's figure counts it already. One that would exceed the figure raises it.
  const raised = rows.filter((p) => p.holding > p.seatsTaken);
  for (const p of raised) p.seatsTaken = p.holding;
  if (raised.length > 0) {
    await db
      .update(products)
      .set({ seatsTaken: sql`greatest(${products.seatsTaken}, ${holding})` })
      .where(
        inArray(
          products.id,
          raised.map((p) => p.id),
        ),
      );
  }

  // The lines: per experience, members in turn (each at most once), three of four with a guest.
  const yesterday = Date.parse(`${clubToday()}T00:00:00Z`) - DAY_MS;
  type Line = { product: ProductRow; member: number; quantity: number; createdAt: Date; paidAt: Date };
  const lines: Line[] = [];
  let members = 0;
  for (const [n, product] of rows.entries()) {
    let missing = product.seatsTaken - product.holding;
    // Sold over the 70 days before the experience, never later than yesterday, in the club's
    // daytime (07:00-20:00 UTC, 8 or 9 in the morning to 9 or 10 in the evening in Warsaw).
    const latest = Math.min(Date.parse(`${product.startDate}T00:00:00Z`) - DAY_MS, yesterday);
    for (let k = 0; missing > 0; k++) {
      const quantity = Math.min(missing, k % 4 === 3 ? 1 : 2);
      missing -= quantity;
      const daysBefore = spread(n, k, 70);
      const createdAt = new Date(latest - daysBefore * DAY_MS + (7 * 60 + spread(k, n, 780)) * 60_000);
      const paidAt = new Date(createdAt.getTime() + (2 + spread(n + k, 1, 12)) * 60_000);
      lines.push({ product, member: k, quantity, createdAt, paidAt });
      members = Math.max(members, k + 1);
    }
  }
  if (lines.length === 0) return;
  // Each experience's buyers start elsewhere in the pool: the same few never buy every experience.
  for (const l of lines) l.member = (l.member + rows.indexOf(l.product) * 7) % members;
  // Numbered as they were placed: the desk's list by number reads like its list by date.
  lines.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // Enough members that none holds two lines of one experience; registered long before their first order.
  const earliest = Math.min(...lines.map((l) => l.createdAt.getTime()));
  const passwordHash = await hashPassword(randomToken(24));
  const pool = Array.from({ length: members }, (_, i) => seatMember(i));
  const emails = new Set<string>();
  const memberRows = pool.map((m, i) => {
    let email = `${plainLetters(m.name)}.${plainLetters(m.surname)}@example.org`;
    if (emails.has(email)) email = email.replace('@', `.${i}@`);
    emails.add(email);
    const createdAt = new Date(earliest - (30 + spread(i, 3, 200)) * DAY_MS);
    return {
      email,
      type: USER_TYPE.CUSTOMER,
      languageCode: 'pl',
      honorific: m.honorific,
      name: m.name,
      surname: m.surname,
      // A Polish mobile number (5xx-8xx), scattered by a multiplicative hash.
      phone: String(500_000_000 + (((i + 1) * 2_654_435_761) % 399_999_989)),
      phonePrefix: '48',
      // Nobody knows it: these members are there to have bought seats, never to sign in.
      passwordHash,
      calendarToken: randomToken(24),
      cardValidTo: cardValidTo(null, createdAt),
      createdAt,
    };
  });
  const inserted = await db.insert(users).values(memberRows).returning({ id: users.id });
  const userIds = inserted.map((r) => r.id);
  // The card number of a registered member (lib/club-card.ts), for all in one statement.
  const cards = userIds.map((id, i) => ({ id, card: clubCardNumber(id, memberRows[i]!.createdAt) }));
  await db.execute(sql`update users set card_number = c.card
    from jsonb_to_recordset(${JSON.stringify(cards)}::jsonb) as c(id int, card text) where users.id = c.id`);
  await db.insert(customers).values(
    userIds.map((userId, i) => ({
      userId,
      status: CUSTOMER_STATUS.REGISTERED,
      term1: true,
      term2: true,
      term2a: i % 3 !== 0,
      term3: true,
      term4Email: i % 2 === 0,
      createdAt: memberRows[i]!.createdAt,
    })),
  );

  // The orders, their lines and their timelines in one statement, the rows as one JSON parameter: as
  // many VALUES rows of a dozen parameters each took PGlite over a second to parse. The lines go in
  // while their orders are already paid, so their triggers count them sold.
  const json = lines.map((l, n) => {
    const m = memberRows[l.member]!;
    const guest = pool[l.member]!;
    return {
      n,
      user_id: userIds[l.member]!,
      product_id: l.product.id,
      product_type: l.product.type,
      product_name: l.product.namePl,
      product_start_date: l.product.startDate,
      quantity: l.quantity,
      price_grosze: l.product.priceGrosze,
      vat_rate: l.product.vatRate,
      buyer: { name: m.name, surname: m.surname, email: m.email, phone: m.phone },
      persons: l.quantity > 1 ? [{ name: guest.guestName, surname: guest.guestSurname }] : [],
      terms: (l.product.terms ?? []).map((termId) => ({ term_id: termId, value: true })),
      cart_label_answer: labelAnswer(l.product.labelPl, n),
      payment_ref: randomToken(24),
      provider_order_id: `sandbox-${randomToken(12)}`,
      created_at: l.createdAt.toISOString(),
      paid_at: l.paidAt.toISOString(),
    };
  });
  await db.execute(sql`with l as (
    select * from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as l(n int, user_id int, product_id int,
      product_type text, product_name text, product_start_date date, quantity int, price_grosze int,
      vat_rate int, buyer jsonb, persons jsonb, terms jsonb, cart_label_answer text, payment_ref text,
      provider_order_id text, created_at timestamptz, paid_at timestamptz)
  ), o as (
    insert into orders (user_id, status, product_type, total_grosze, buyer, payment_provider, payment_ref,
      payment_attempts, provider_order_id, paid_ref, paid_at, created_at)
    select user_id, ${ORDER_STATUS.PAID}, product_type, price_grosze * quantity, buyer, 'sandbox', payment_ref,
      1, provider_order_id, payment_ref || '.1', paid_at, created_at
    from l order by n
    returning id, payment_ref
  ), i as (
    insert into order_items (order_id, product_id, product_name, product_start_date, quantity, price_grosze,
      vat_rate, persons, terms, cart_label_answer)
    select o.id, l.product_id, l.product_name, l.product_start_date, l.quantity, l.price_grosze, l.vat_rate,
      l.persons, l.terms, l.cart_label_answer
    from l join o using (payment_ref) order by l.n
  )
  -- The timeline a sandbox payment leaves: created, registered (attempt 1), paid.
  insert into order_events (order_id, kind, provider, amount_grosze, detail, created_at)
  select o.id, e.kind, 'sandbox', l.price_grosze * l.quantity, e.detail, e.at
  from l join o using (payment_ref)
  cross join lateral (values
    (1, ${ORDER_EVENT_KIND.CREATED}, null::jsonb, l.created_at),
    (2, ${ORDER_EVENT_KIND.PAYMENT_REGISTERED}, jsonb_build_object('attempt', 1), l.created_at),
    (3, ${ORDER_EVENT_KIND.PAID},
      jsonb_build_object('providerOrderId', l.provider_order_id, 'ref', l.payment_ref || '.1'), l.paid_at)
  ) as e(k, kind, detail, at)
  order by l.n, e.k`);
}
