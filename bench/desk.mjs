// Issue 17's rows of `npm run bench` (docs/performance.md, "The sales desk"):
// - place-order: cart → order with the payment start, each request a different member with a filled
//   cart, 32 connections, against the bare route answering the same bytes;
// - the console's orders table with 100,000 orders in the database (a third of the scale data set,
//   bench/scale-data.mjs) and the seat board of an experience with 5,000 attendees: each request
//   timed on its own, one at a time, median and p95 against the 50 ms target.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { addBenchMembers, addScaleData, BENCH_MEMBERS, benchSession, SCALE } from './scale-data.mjs';

const API = '/panel/api/v1';
export const DESK_TARGETS = { orderRatio: 0.1, orderP99Ms: 100, readMs: 50 };
/** Orders in the database for the desk's reads, and attendees of the seat board's experience. */
export const DESK_SCALE = { orders: 100_000, attendees: 5_000 };
/** How often each desk read is timed (after two warm-up calls). */
const READ_RUNS = 25;
/** The staff member whose session reads the desk (made in SQL, like the bench members'). */
const STAFF_EMAIL = 'operator@example.com';
export const staffSession = {
  email: STAFF_EMAIL,
  cookie: `club_session=bench-staff-session-${'s'.repeat(24)}`,
  csrf: `bench-staff-csrf-${'t'.repeat(16)}`,
};

const sha256 = (v) => createHash('sha256').update(v).digest('hex');
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/**
 * The bench members (bench/scale-data.mjs) each with one filled cart line of a bench experience
 * (no terms, no label, quantity 1: what the cart's fill stores for them), made with the server down.
 * Returns how many members can place an order.
 */
export async function prepareOrders(query) {
  await addBenchMembers(query);
  await query(
    `delete from cart_items where user_id in (select id from users where email like '%@scale.example.com')`,
  );
  await query(`insert into cart_items (user_id, product_id, quantity, is_filled, persons, terms)
    select u.id, p.ids[1 + (g % array_length(p.ids, 1))], 1, true, '[]'::jsonb, '[]'::jsonb
    from generate_series(1, ${BENCH_MEMBERS}) g
      join users u on u.email = 'member' || g || '@scale.example.com',
      (select array_agg(id order by id) as ids from products where alias like 'bench-%') p`);
  return BENCH_MEMBERS;
}

/** autocannon: `amount` orders, each by the next member from `first` on, at `connections`. */
export function placeOrders(base, { connections, amount, first = 1 }) {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        amount,
        requests: [
          {
            setupRequest: (req) => {
              const s = benchSession(first + (next++ % amount));
              return {
                ...req,
                method: 'POST',
                path: `${API}/sales/cart/order`,
                headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
                body: '{"discount_code":"","is_invoice":0}',
              };
            },
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('error', reject);
  });
}

/**
 * Grows the database to 100,000 orders (a third of the scale data set), adds an experience with
 * 5,000 attendees (5,000 paid orders of one seat by different members) and a staff session.
 */
export async function prepareDesk(query, { log = () => {} } = {}) {
  await addBenchMembers(query);
  const [{ n }] = await query('select count(*)::int as n from orders');
  const share = Math.max(1, Math.round(SCALE.orders / Math.max(1, DESK_SCALE.orders - Number(n))));
  const scale = Object.fromEntries(
    Object.entries(SCALE).map(([k, v]) => [
      k,
      k === 'dealerShare' || k === 'imagesPerGallery' ? v : Math.ceil(v / share),
    ]),
  );
  const made = await addScaleData(query, { scale, log });
  const [{ id: productId }] = await query(`insert into products (category_id, type, alias, name_pl, name_en,
      place_pl, place_en, start_date, start_time, price_grosze, member_limit, total_seats, published)
    values ((select min(id) from categories), 'EVENT', 'desk-bench-5000', 'Zlot klubowy (5000 osób)',
      'Club rally (5,000 people)', 'Tor Poznań', 'Poznań circuit', current_date + 45, '10:00', 10000, 1,
      ${DESK_SCALE.attendees + 500}, 1) returning id`);
  // Paid orders through the ordinary tables; the kept counters (seats taken, seats paid) follow by
  // their triggers, as for any order.
  await query(`create temporary table desk_bench_plan as
    select row_number() over (order by u.id) as n, u.id as user_id from users u
    where u.type = 'CUSTOMER' and u.email like 'member%@scale.example.com' order by u.id limit ${DESK_SCALE.attendees}`);
  await query(`insert into orders (user_id, status, product_type, total_grosze, discount_grosze, is_invoice, buyer,
      payment_provider, payment_ref, payment_attempts, paid_at, created_at)
    select p.user_id, 'PAID', 'EVENT', 10000, 0, false, '{"name":"Członek","surname":"Klubu"}'::jsonb, 'sandbox',
      'desk-bench-' || p.n, 1, now() - interval '1 day', now() - interval '1 day' - p.n * interval '1 second'
    from desk_bench_plan p order by p.n`);
  await query(`insert into order_items (order_id, product_id, product_name, product_start_date, quantity, price_grosze,
      cart_label_answer)
    select o.id, ${productId}, 'Zlot klubowy (5000 osób)', current_date + 45, 1, 10000, 'WE ' || o.id
    from orders o where o.payment_ref like 'desk-bench-%' order by o.id`);
  await query('drop table desk_bench_plan');
  await query(`update products set seats_taken = (select coalesce(sum(oi.quantity), 0)::int from order_items oi
      join orders o on o.id = oi.order_id where oi.product_id = ${productId} and o.status in ('WAITING_PAYMENT', 'PAID'))
    where id = ${productId}`);
  const staff = await query(`select id from users where email = '${STAFF_EMAIL}'`);
  await query(`insert into sessions (id, user_id, csrf_token, expires_at)
    values ('${sha256(staffSession.cookie.split('=')[1])}', ${staff[0].id}, '${staffSession.csrf}', now() + interval '1 day')
    on conflict (id) do nothing`);
  await query('analyze');
  const [{ orders }] = await query('select count(*)::int as orders from orders');
  return { productId: Number(productId), orders: Number(orders), timings: made.timings };
}

/** The desk's reads: the orders table's filtered pages and the seat board of the big experience. */
export async function deskReads(query, productId) {
  const [busy] = await query(
    `select oi.product_id from order_items oi where oi.product_id <> ${productId}
     group by oi.product_id order by count(*) desc limit 1`,
  );
  const [someone] = await query(
    `select u.email from users u join orders o on o.user_id = u.id where u.email like 'member%' order by o.id desc limit 1`,
  );
  const [ref] = await query(`select payment_ref from orders order by id limit 1 offset 4242`);
  const month = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 7);
  const orders = (qs) => `/admin/sales/orders?${qs}`;
  return [
    { name: 'orders: newest first', path: orders('') },
    { name: 'orders: status PAID', path: orders('status=PAID') },
    { name: 'orders: status CANCELLED', path: orders('status=CANCELLED') },
    { name: 'orders: placed in a month', path: orders(`from=${month}-01&to=${month}-28`) },
    { name: 'orders: experience', path: orders(`product_id=${busy.product_id}`) },
    { name: 'orders: experience + PAID', path: orders(`product_id=${busy.product_id}&status=PAID`) },
    { name: 'orders: member e-mail', path: orders(`member=${encodeURIComponent(someone.email)}`) },
    { name: 'orders: member part', path: orders('member=member12') },
    { name: 'orders: order number', path: orders('q=%2342420') },
    { name: 'orders: payment ref', path: orders(`q=${encodeURIComponent(ref.payment_ref)}`) },
    { name: 'orders: discount code', path: orders('code=CLUB100') },
    { name: 'orders: by total, page 40', path: orders('sort=total&dir=desc&page=40') },
    { name: 'seat board page', path: '/admin/sales/seats?page=1' },
    { name: 'seat board: 5,000 attendees, page 1', path: `/admin/sales/seats/${productId}`, attendees: true },
    {
      name: 'seat board: 5,000 attendees, page 50',
      path: `/admin/sales/seats/${productId}?page=50`,
      attendees: true,
    },
  ];
}

/** Times each read alone (READ_RUNS times after two warm-ups): median, p95, max, the answer's size. */
export async function timeReads(base, reads) {
  const rows = [];
  for (const read of reads) {
    const times = [];
    let bytes = 0;
    let errors = 0;
    let attendees = null;
    for (let i = 0; i < READ_RUNS + 2; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${API}${read.path}`, {
        headers: { cookie: staffSession.cookie, 'x-csrf-token': staffSession.csrf },
      });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) {
        errors++;
        if (errors === 1) console.error(`${read.name}: ${res.status} ${text.slice(0, 200)}`);
        continue;
      }
      bytes = Buffer.byteLength(text);
      // The attendee list is paged by 100 order lines: the whole list's length is in its meta.
      if (read.attendees) attendees = JSON.parse(text).data.attendees_meta.total;
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const row = {
      read: read.name,
      path: read.path,
      bytes,
      runs: times.length,
      medianMs: Number(pct(times, 0.5).toFixed(1)),
      p95Ms: Number(pct(times, 0.95).toFixed(1)),
      maxMs: Number((times.at(-1) ?? 0).toFixed(1)),
      errors,
      ...(attendees !== null ? { attendees } : {}),
    };
    row.verdict =
      errors > 0
        ? 'MISS (errors)'
        : row.medianMs < DESK_TARGETS.readMs
          ? 'ok'
          : `MISS (median ≥ ${DESK_TARGETS.readMs} ms)`;
    rows.push(row);
  }
  return rows;
}
