// The club at a real size, generated inside the database in a few big INSERT … SELECT generate_series
// statements (no row crosses the wire): 10,000 experiences, 100,000 members, 300,000 orders over two
// years, waiting lists, carts and galleries in proportion. Reproducible: PostgreSQL's random() after
// setseed() on one session gives the same rows for the same seed, and every id is computed (base + n),
// never taken from a sequence.
//
// Used by `npm run bench -- --scale` (bench/api.mjs) on a stopped server's database: PostgreSQL through
// `pg`, PGlite by opening its data directory. `query(sql)` runs one statement and returns its rows.

/** The size of the club issue 18 asks for. */
export const SCALE = {
  products: 10_000,
  members: 100_000,
  orders: 300_000,
  /** Waiting-list wishes and cart lines: a few per hundred members. */
  waitingList: 30_000,
  cartLines: 20_000,
  galleries: 2_000,
  imagesPerGallery: 12,
  /** One member in twenty was brought in by a dealer (shared between the demo dealers). */
  dealerShare: 0.05,
};

/** Members the benchmark signs in (both data sets have them): member<n>@scale.example.com. */
export const BENCH_MEMBERS = 400;
export const memberEmail = (n) => `member${n}@scale.example.com`;

const TABLES = [
  'sessions',
  'products',
  'product_interests',
  'users',
  'customers',
  'orders',
  'order_items',
  'product_notifications',
  'cart_items',
  'galleries',
  'gallery_images',
  'member_product_seats',
  'product_sales',
  'dealer_customer_counts',
];

async function one(query, sql) {
  const rows = await query(sql);
  return rows[0] ? Object.values(rows[0])[0] : null;
}

/**
 * Members `from`..`to` (1-based): customers signing in with the demo password (its hash is copied),
 * joined over the last three years, a share of them registered by the demo dealers.
 */
async function members(query, from, to, dealerShare) {
  const base = Number(await one(query, `select coalesce(max(id), 0) from users`));
  await query(`insert into users (id, email, password_hash, type, language_code, honorific, name, surname,
      phone, phone_prefix, card_number, card_valid_to, calendar_token, created_at, updated_at)
    select ${base} + g - ${from} + 1, 'member' || g || '@scale.example.com', h.hash, 'CUSTOMER',
      case when random() < 0.8 then 'pl' else 'en' end, case when random() < 0.5 then 'MR' else 'MRS' end,
      'Członek', 'Klubu ' || g, '60' || lpad(g::text, 7, '0'), '48', 'EC-S-' || lpad(g::text, 7, '0'),
      current_date + 400, md5('calendar-' || g), now() - random() * interval '1095 days', now()
    from generate_series(${from}, ${to}) g,
      (select password_hash as hash from users where email = 'customer@example.com') h`);
  await query(`insert into customers (user_id, dealer_id, registration_type, status, term_1, term_2, term_3,
      model, created_at)
    select u.id, case when random() < ${dealerShare} then d.ids[1 + floor(random() * array_length(d.ids, 1))::int] end,
      'NEW', 'REGISTERED', true, true, true, 'X5', u.created_at
    from users u, (select array_agg(id order by id) as ids from users where type = 'DEALER') d
    where u.id > ${base} order by u.id`);
  await query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
}

/** Experiences over every category, two years back and one ahead, their interests. */
async function catalogue(query, count) {
  const base = Number(await one(query, `select coalesce(max(id), 0) from products`));
  await query(`insert into products (id, category_id, type, alias, name_pl, name_en, description_pl,
      description_en, place_pl, place_en, start_date, start_time, end_date, price_grosze, member_limit,
      total_seats, seats_taken, status_limit, published, image, image_mobile, created_at)
    select ${base} + g, c.ids[1 + floor(random() * array_length(c.ids, 1))::int],
      case when random() < 0.8 then 'EVENT' else 'TRIP' end, 'scale-' || g,
      'Doświadczenie nr ' || g, 'Experience no. ' || g,
      '<p>Dzień na torze z instruktorem, nr ' || g || '.</p>', '<p>A day on the track with an instructor, no. ' || g || '.</p>',
      'Tor Poznań', 'Poznań circuit', s.day, '10:00', s.day + 1, (500 + floor(random() * 40) * 250) * 100,
      2, 10 + floor(random() * 50)::int, 0, 3, case when random() < 0.92 then 1 else 2 end,
      i.files[1 + floor(random() * array_length(i.files, 1))::int], null, now() - random() * interval '730 days'
    from generate_series(1, ${count}) g
      cross join lateral (select current_date - 730 + floor(random() * 1095)::int + (g * 0) as day) s,
      (select array_agg(id order by id) as ids from categories) c,
      (select array_agg(image order by id) as files from products where image is not null) i`);
  await query(`insert into product_interests (product_id, interest_id)
    select p.id, i.ids[1 + floor(random() * array_length(i.ids, 1))::int]
    from products p, (select array_agg(id order by id) as ids from interests) i, generate_series(1, 2) k
    where p.id > ${base} order by p.id, k on conflict do nothing`);
  await query(`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
  return base;
}

/**
 * Orders over two years by the generated members, one or two experiences each (mostly paid, some
 * cancelled), then the kept counters (seats taken, seats a member holds) from them.
 */
async function history(query, count, { productBase, products, memberBase, memberCount }) {
  const orderBase = Number(await one(query, `select coalesce(max(id), 0) from orders`));
  const itemBase = Number(await one(query, `select coalesce(max(id), 0) from order_items`));
  await query(`create temporary table scale_plan as
    select g as n, ${memberBase} + 1 + floor(random() * ${memberCount})::int as user_id,
      ${productBase} + 1 + floor(random() * ${products})::int as p1,
      case when random() < 0.2 then ${productBase} + 1 + floor(random() * ${products})::int end as p2,
      1 + (random() < 0.3)::int as q,
      case when random() < 0.88 then 'PAID' else 'CANCELLED' end as status,
      now() - random() * interval '730 days' as at
    from generate_series(1, ${count}) g`);
  await query(`insert into orders (id, user_id, status, product_type, total_grosze, discount_grosze, is_invoice,
      buyer, payment_provider, payment_ref, payment_attempts, paid_at, cancelled_at, created_at)
    select ${orderBase} + s.n, s.user_id, s.status, 'EVENT',
      a.price_grosze * s.q + case when b.id is not null and b.id <> a.id then b.price_grosze else 0 end, 0, false,
      '{"name":"Członek","surname":"Klubu"}'::jsonb, 'sandbox', 'scale-' || s.n, 1,
      case when s.status = 'PAID' then s.at + interval '4 minutes' end,
      case when s.status = 'CANCELLED' then s.at + interval '30 minutes' end, s.at
    from scale_plan s join products a on a.id = s.p1 left join products b on b.id = s.p2
    order by s.n`);
  await query(`insert into order_items (id, order_id, product_id, product_name, product_start_date, quantity,
      price_grosze)
    select ${itemBase} + row_number() over (order by s.n, s.k), ${orderBase} + s.n, p.id, p.name_pl,
      p.start_date, s.q, p.price_grosze
    from (select n, 1 as k, p1 as pid, q from scale_plan
          union all select n, 2, p2, 1 from scale_plan where p2 is not null and p2 <> p1) s
      join products p on p.id = s.pid`);
  await query(`drop table scale_plan`);
  for (const table of ['orders', 'order_items'])
    await query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  // The kept counters, from the history just written (the triggers were off for the bulk load).
  if ((await present(query)).includes('member_product_seats'))
    await query(`insert into member_product_seats as m (user_id, product_id, quantity)
    select o.user_id, oi.product_id, sum(oi.quantity)::int from order_items oi join orders o on o.id = oi.order_id
    where o.id > ${orderBase} and o.status in ('WAITING_PAYMENT', 'PAID') group by o.user_id, oi.product_id
    on conflict (user_id, product_id) do update set quantity = m.quantity + excluded.quantity`);
  if ((await present(query)).includes('product_sales'))
    await query(`insert into product_sales as s (product_id, seats_paid)
    select oi.product_id, sum(oi.quantity)::int from order_items oi join orders o on o.id = oi.order_id
    where o.id > ${orderBase} and o.status = 'PAID' and oi.product_id is not null group by oi.product_id
    on conflict (product_id) do update set seats_paid = s.seats_paid + excluded.seats_paid`);
  await query(`update products p set seats_taken = p.seats_taken + s.sold,
      total_seats = greatest(p.total_seats, p.seats_taken + s.sold + case when p.start_date >= current_date then 4 else 0 end)
    from (select oi.product_id, sum(oi.quantity)::int as sold from order_items oi join orders o on o.id = oi.order_id
      where o.id > ${orderBase} and o.status in ('WAITING_PAYMENT', 'PAID') group by oi.product_id) s
    where p.id = s.product_id`);
}

/** Waiting lists and carts of generated members, galleries of past experiences. */
async function rest(query, scale, { productBase, products, memberBase, memberCount }) {
  await query(`insert into product_notifications (product_id, user_id, created_at, notified_at)
    select ${productBase} + 1 + floor(random() * ${products})::int, ${memberBase} + 1 + floor(random() * ${memberCount})::int,
      now() - random() * interval '365 days', case when random() < 0.5 then now() - random() * interval '300 days' end
    from generate_series(1, ${scale.waitingList}) on conflict do nothing`);
  // A waiting list whose experience is on sale with a seat free has had its mail (the server's sweep,
  // orders/lifecycle.ts mailOpenWaitingLists, sends it once a seat is free), as in a real club's
  // history; left unmailed, the server's first sweeps rendered and sent thousands of mails during the
  // measurement and were counted as the cost of the orders.
  await query(`update product_notifications n set notified_at = now() from products p
    where p.id = n.product_id and n.notified_at is null and p.published = 1 and p.start_date > current_date
      and (p.total_seats is null or p.total_seats > p.seats_taken + p.seats_held)`);
  const cartBase = Number(await one(query, `select coalesce(max(id), 0) from cart_items`));
  // Carts hold what can still be ordered (upcoming, on sale), never a benchmark member's: an order
  // takes the whole cart, and theirs must hold only what the benchmark put there.
  await query(`insert into cart_items (id, user_id, product_id, quantity, created_at)
    select ${cartBase} + row_number() over (), c.user_id, c.product_id, 1, now() - random() * interval '30 days'
    from (select distinct on (u, p) u as user_id, p as product_id from (
      select ${memberBase} + ${BENCH_MEMBERS} + 1 + floor(random() * ${memberCount - BENCH_MEMBERS})::int as u,
        up.ids[1 + floor(random() * array_length(up.ids, 1))::int] as p
      from generate_series(1, ${scale.cartLines}),
        (select array_agg(id order by id) as ids from products
          where id > ${productBase} and published = 1 and start_date > current_date) up) x
      order by u, p) c`);
  await query(
    `select setval(pg_get_serial_sequence('cart_items', 'id'), greatest((select max(id) from cart_items), 1))`,
  );
  const galleryBase = Number(await one(query, `select coalesce(max(id), 0) from galleries`));
  await query(`insert into galleries (id, product_id, category_id, name_pl, name_en, date, image)
    select ${galleryBase} + row_number() over (order by p.id), p.id, p.category_id, p.name_pl, p.name_en,
      p.start_date, p.image
    from products p where p.id > ${productBase} and p.start_date < current_date
    order by p.id limit ${scale.galleries}`);
  await query(`insert into gallery_images (gallery_id, file, position)
    select g.id, f.files[1 + floor(random() * array_length(f.files, 1))::int], k
    from galleries g, generate_series(1, ${scale.imagesPerGallery}) k,
      (select array_agg(file order by id) as files from gallery_images) f
    where g.id > ${galleryBase} order by g.id, k`);
  await query(`select setval(pg_get_serial_sequence('galleries', 'id'), (select max(id) from galleries))`);
}

/** The tables this database has (a build from before issue 18 has no member_product_seats). */
async function present(query) {
  const rows = await query(`select tablename from pg_tables where schemaname = 'public'`);
  const have = new Set(rows.map((r) => r.tablename));
  return TABLES.filter((t) => have.has(t));
}

async function withTriggersOff(query, fn) {
  // Bulk rows need neither the caches' notifications nor the counters' triggers: the counters are
  // computed once at the end. Foreign keys stay checked (DISABLE TRIGGER USER leaves them on).
  const tables = await present(query);
  for (const t of tables) await query(`alter table ${t} disable trigger user`);
  try {
    return await fn();
  } finally {
    for (const t of tables) await query(`alter table ${t} enable trigger user`);
  }
}

/** Experiences the order benchmark buys (both data sets): no seat cap, a high member limit, no terms. */
export const BENCH_PRODUCTS = 200;

/** The session cookie and CSRF token of bench member n, made in SQL (no login per member). */
export const benchSession = (n) => ({
  email: memberEmail(n),
  cookie: `club_session=bench-session-${n}-${'x'.repeat(24)}`,
  csrf: `bench-csrf-${n}-${'y'.repeat(16)}`,
});

/**
 * The benchmark's members (member1..member400) with a session each, and its experiences to order
 * (`bench-<n>`, one month ahead), on the demo data set; the scale data set grows from there.
 */
export async function addBenchMembers(query, { seed = 18 } = {}) {
  await query(`select setseed(${(seed % 1000) / 1000})`);
  const have = Number(await one(query, `select count(*) from users where email like '%@scale.example.com'`));
  if (have >= BENCH_MEMBERS) return;
  await withTriggersOff(query, async () => {
    await members(query, 1, BENCH_MEMBERS, 0);
    await query(`insert into sessions (id, user_id, csrf_token, expires_at)
      select encode(sha256(convert_to('bench-session-' || g || '-' || repeat('x', 24), 'UTF8')), 'hex'), u.id,
        'bench-csrf-' || g || '-' || repeat('y', 16), now() + interval '30 days'
      from generate_series(1, ${BENCH_MEMBERS}) g join users u on u.email = 'member' || g || '@scale.example.com'`);
    const base = Number(await one(query, `select coalesce(max(id), 0) from products`));
    await query(`insert into products (id, category_id, type, alias, name_pl, name_en, place_pl, place_en,
        start_date, start_time, price_grosze, member_limit, total_seats, published, image)
      select ${base} + g, (select min(id) from categories), 'EVENT', 'bench-' || g, 'Jazda próbna ' || g,
        'Test drive ' || g, 'Tor Poznań', 'Poznań circuit', current_date + 30 + (g % 60), '10:00', 100000, 100,
        null, 1, (select min(image) from products)
      from generate_series(1, ${BENCH_PRODUCTS}) g`);
    await query(`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
  });
  await query('analyze');
}

/**
 * Grows a demo database (with the bench members) to the club of `SCALE`; returns what it made and how
 * long it took, step by step.
 */
export async function addScaleData(query, { seed = 18, scale = SCALE, log = () => {} } = {}) {
  await query(`select setseed(${(seed % 1000) / 1000})`);
  const timings = {};
  const step = async (name, fn) => {
    const started = Date.now();
    const result = await fn();
    timings[name] = Date.now() - started;
    log(`  scale data: ${name} ${timings[name]} ms`);
    return result;
  };
  await withTriggersOff(query, async () => {
    const memberBase = Number(await one(query, `select coalesce(max(id), 0) from users`)) - BENCH_MEMBERS;
    await step('members', () => members(query, BENCH_MEMBERS + 1, scale.members, scale.dealerShare));
    const productBase = await step('products', () => catalogue(query, scale.products));
    const range = { productBase, products: scale.products, memberBase, memberCount: scale.members };
    await step('orders', () => history(query, scale.orders, range));
    await step('waiting lists, carts, galleries', () => rest(query, scale, range));
  });
  // The dealers' kept customer counts (migration 0018), recounted: the members were added with the
  // triggers off.
  if ((await present(query)).includes('dealer_customer_counts')) {
    await query('delete from dealer_customer_counts');
    await query(`insert into dealer_customer_counts (dealer_id, status, total)
      select dealer_id, status, count(*)::int from customers where dealer_id is not null group by dealer_id, status`);
  }
  // VACUUM as autovacuum would have long since: the visibility map lets counts use index-only scans.
  await step('vacuum analyze', () => query('vacuum analyze'));
  const counts = {};
  for (const t of await present(query)) counts[t] = Number(await one(query, `select count(*) from ${t}`));
  return { counts, timings };
}
