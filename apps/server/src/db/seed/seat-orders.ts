import {
  CUSTOMER_STATUS,
  HOLDING_ORDER_STATUSES,
  ORDER_EVENT_KIND,
  ORDER_STATUS,
  USER_TYPE,
} from '@club/shared';
import { inArray, sql } from 'drizzle-orm';
import { clubToday } from '../../lib/club-day';
import { cardValidTo } from '../../lib/club-card';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { customers, orderEvents, orderItems, orders, products, users } from '../schema';
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
  // The card number of a registered member (lib/club-card.ts clubCardNumber), for all in one statement.
  await db.execute(sql`update users set card_number = 'EC-' || extract(year from created_at at time zone 'UTC')::int
    || '-' || lpad((100000 + id)::text, 6, '0') where id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
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

  const placed = await db
    .insert(orders)
    .values(
      lines.map((l) => {
        const m = memberRows[l.member]!;
        return {
          userId: userIds[l.member]!,
          status: ORDER_STATUS.PAID,
          productType: l.product.type,
          totalGrosze: l.product.priceGrosze * l.quantity,
          buyer: { name: m.name, surname: m.surname, email: m.email, phone: m.phone },
          paymentProvider: 'sandbox',
          paymentRef: randomToken(24),
          paymentAttempts: 1,
          providerOrderId: `sandbox-${randomToken(12)}`,
          createdAt: l.createdAt,
          paidAt: l.paidAt,
        };
      }),
    )
    .returning({ id: orders.id, paymentRef: orders.paymentRef, providerOrderId: orders.providerOrderId });
  // The paid registration's id, as the sandbox's notification leaves it.
  await db.execute(
    sql`update orders set paid_ref = payment_ref || '.1' where id in (${sql.join(
      placed.map((o) => sql`${o.id}`),
      sql`, `,
    )})`,
  );

  // Inserted while their orders are already paid: the lines' triggers count them sold.
  await db.insert(orderItems).values(
    lines.map((l, i) => {
      const m = pool[l.member]!;
      return {
        orderId: placed[i]!.id,
        productId: l.product.id,
        productName: l.product.namePl,
        productStartDate: l.product.startDate,
        quantity: l.quantity,
        priceGrosze: l.product.priceGrosze,
        vatRate: l.product.vatRate,
        persons: l.quantity > 1 ? [{ name: m.guestName, surname: m.guestSurname }] : [],
        terms: (l.product.terms ?? []).map((termId) => ({ term_id: termId, value: true })),
        cartLabelAnswer: labelAnswer(l.product.labelPl, i),
      };
    }),
  );

  await db.insert(orderEvents).values(
    lines.flatMap((l, i) => {
      const o = placed[i]!;
      const amountGrosze = l.product.priceGrosze * l.quantity;
      return [
        {
          orderId: o.id,
          kind: ORDER_EVENT_KIND.CREATED,
          provider: 'sandbox',
          amountGrosze,
          createdAt: l.createdAt,
        },
        {
          orderId: o.id,
          kind: ORDER_EVENT_KIND.PAYMENT_REGISTERED,
          provider: 'sandbox',
          amountGrosze,
          detail: { attempt: 1 },
          createdAt: l.createdAt,
        },
        {
          orderId: o.id,
          kind: ORDER_EVENT_KIND.PAID,
          provider: 'sandbox',
          amountGrosze,
          detail: { providerOrderId: o.providerOrderId, ref: `${o.paymentRef}.1` },
          createdAt: l.paidAt,
        },
      ];
    }),
  );
}
