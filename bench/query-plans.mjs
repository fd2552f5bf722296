#!/usr/bin/env node
// EXPLAIN (ANALYZE, BUFFERS) of the hot queries on a database grown by `npm run bench -- --scale`
// (bench/scale-data.mjs), as the server runs them: prepared, with PostgreSQL's generic plan
// (plan_cache_mode=force_generic_plan, db/client.ts). Prints Markdown for docs/query-plans.md.
//   node bench/query-plans.mjs postgres://postgres@127.0.0.1:5432/<database>
// The "before" queries are the ones this work replaced (issue 18), for comparison.
import pg from 'pg';

const url = process.argv[2];
if (!url) throw new Error('usage: node bench/query-plans.mjs <postgres url of a scale database>');
const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async (sql) => Object.values((await client.query(sql)).rows[0] ?? {})[0];

const member = Number(
  await one(`select u.id from users u join orders o on o.user_id = u.id
  where u.email like 'member%@scale.example.com' group by u.id order by count(*) desc, u.id limit 1`),
);
const dealer = Number(
  await one(`select dealer_id from customers where dealer_id is not null
  group by dealer_id order by count(*) desc limit 1`),
);
const category = Number(
  await one(`select category_id from products group by category_id order by count(*) desc limit 1`),
);
const product = Number(
  await one(`select product_id from order_items group by product_id order by count(*) desc limit 1`),
);
const today = await one(`select current_date::text`);
const pageIds = (byCategory) => `select u.id from (
    (select p.id, p.start_date from products p where p.published in (1, 2) ${byCategory ? 'and p.category_id = $1' : ''}
      and p.start_date >= $2::date order by p.start_date asc, p.id asc limit $3)
    union all
    (select p.id, p.start_date from products p where p.published in (1, 2) ${byCategory ? 'and p.category_id = $1' : ''}
      and p.start_date < $2::date order by p.start_date desc, p.id asc limit $3)
  ) u order by (u.start_date < $2::date), case when u.start_date >= $2::date then u.start_date end asc,
    u.start_date desc, u.id asc limit $4 offset $5`;

const QUERIES = [
  {
    title: 'Seats a member holds (after): the kept counter',
    sql: 'select product_id, quantity from member_product_seats where user_id = $1',
    params: [member],
  },
  {
    title: 'Seats a member holds (before): summed from the order history',
    sql: `select oi.product_id, sum(oi.quantity)::int from order_items oi join orders o on o.id = oi.order_id
      where o.user_id = $1 and o.status in ('WAITING_PAYMENT', 'PAID') and oi.product_id = any($2::int[])
      group by oi.product_id`,
    params: [member, [product]],
  },
  {
    title: 'Taking seats: the conditional update (rolled back)',
    sql: `update products set seats_taken = seats_taken + $2::int where id = $1
      and (total_seats is null or seats_taken + $2::int <= total_seats) returning id`,
    params: [product, 1],
    rollback: true,
  },
  {
    title: 'Add to cart: the experience with the member state',
    sql: `select p.id, p.published, exists (select 1 from cart_items ci where ci.user_id = $1 and ci.product_id = p.id),
      coalesce((select m.quantity from member_product_seats m where m.user_id = $1 and m.product_id = p.id), 0)::int
      from products p where p.id = $2 limit 1`,
    params: [member, product],
  },
  {
    title: 'Catalogue page 1 of the largest category (after): two bounded index walks',
    sql: pageIds(true),
    params: [category, today, 12, 12, 0],
  },
  {
    title: 'Catalogue page 40 of the largest category (after)',
    sql: pageIds(true),
    params: [category, today, 480, 12, 468],
  },
  {
    title: 'Catalogue page 1 of the largest category (before): window count and sort of the category',
    sql: `select p.id, (count(*) over ())::int from products p join categories c on c.id = p.category_id
      where p.published in (1, 2) and p.category_id = $1
      order by (p.start_date < $2::date), case when p.start_date >= $2::date then p.start_date end asc,
        p.start_date desc, p.id asc limit $3 offset $4`,
    params: [category, today, 12, 0],
  },
  {
    title: 'Catalogue total (kept in the cache per catalogue state; counted on a miss)',
    sql: 'select count(*)::int from products where published in (1, 2) and category_id = $1',
    params: [category],
  },
  {
    title: '"Selected for you", page 1 (after)',
    sql: `select p.id from products p where p.published in (1, 2) and p.start_date >= $2::date
      and exists (select 1 from product_interests pi where pi.product_id = p.id and pi.interest_id = any(
        coalesce(nullif(array(select ci.interest_id from customer_interests ci where ci.user_id = $1), '{}'), array[1,2,3]::int[])))
      order by p.start_date asc, p.id asc limit 12 offset 0`,
    params: [member, today],
  },
  {
    title: 'Galleries, page 50 (after): the ids from the (date, id) index alone, then twelve rows',
    sql: `select g.id, g.name_pl, c.name_pl, g.date, g.image from galleries g left join categories c on c.id = g.category_id
      where g.id = any(array(select id from galleries order by date desc, id desc limit 12 offset $1))
      order by g.date desc, g.id desc`,
    params: [588],
  },
  {
    title: 'Galleries, page 50 (before): every skipped gallery read and joined',
    sql: `select g.id, g.name_pl, c.name_pl, g.date, g.image from galleries g left join categories c on c.id = g.category_id
      order by g.date desc, g.id desc limit 12 offset $1`,
    params: [588],
  },
  {
    title: 'Galleries total (counted on a miss of the page cache)',
    sql: 'select count(*)::int from galleries',
    params: [],
  },
  {
    title: 'Order history, page 1',
    sql: 'select * from orders where user_id = $1 order by created_at desc, id desc limit 10 offset 0',
    params: [member],
  },
  {
    title: 'Order history total',
    sql: 'select count(*)::int from orders where user_id = $1',
    params: [member],
  },
  {
    title: "Dealer's customers, page 50 (after): the ids from the dealer's index alone, then ten rows",
    sql: `select c.*, u.email, u.name, u.surname, t.shareable from customers c join users u on u.id = c.user_id
      left join user_tokens t on t.user_id = c.user_id and t.used_at is null and t.expires_at > now() and t.shareable is not null
        and t.purpose = case c.status when 'WAITING_TERMS' then 'AGREEMENTS' when 'WAITING_REGISTRATION' then 'ACTIVATE' end
      where c.user_id = any(array(select user_id from customers where dealer_id = $1
        order by created_at desc, user_id desc limit 10 offset $2))
      order by c.created_at desc, c.user_id desc`,
    params: [dealer, 490],
  },
  {
    title: "Dealer's customers, page 50 (before): every skipped customer read and joined",
    sql: `select c.*, u.email, u.name, u.surname, t.shareable from customers c join users u on u.id = c.user_id
      left join user_tokens t on t.user_id = c.user_id and t.used_at is null and t.expires_at > now() and t.shareable is not null
        and t.purpose = case c.status when 'WAITING_TERMS' then 'AGREEMENTS' when 'WAITING_REGISTRATION' then 'ACTIVATE' end
      where c.dealer_id = $1 order by c.created_at desc, c.user_id desc limit 10 offset $2`,
    params: [dealer, 490],
  },
  {
    title: "Dealer's customers total (after): the kept counts (migration 0018)",
    sql: 'select coalesce(sum(total), 0)::int from dealer_customer_counts where dealer_id = $1',
    params: [dealer],
  },
  {
    title: "Dealer's customers total (before, and with a search): counted",
    sql: 'select count(*)::int from customers where dealer_id = $1',
    params: [dealer],
  },
];

await client.query('set plan_cache_mode = force_generic_plan');
const counts = (
  await client.query(`select (select count(*) from products) as products,
  (select count(*) from users) as users, (select count(*) from orders) as orders,
  (select count(*) from order_items) as order_items`)
).rows[0];
console.log(
  `Database: ${counts.products} products, ${counts.users} users, ${counts.orders} orders, ${counts.order_items} order lines; member ${member}, dealer ${dealer}, category ${category}, product ${product}, day ${today}.\n`,
);
let n = 0;
for (const q of QUERIES) {
  const name = `plan_${n++}`;
  if (q.rollback) await client.query('begin');
  await client.query(`prepare ${name} as ${q.sql}`);
  // Five runs first: the generic plan is the one in use from then on, and the cache is warm.
  const exec = `execute ${name}${q.params.length ? `(${q.params.map((p) => (Array.isArray(p) ? `'{${p.join(',')}}'` : typeof p === 'string' ? `'${p}'` : p)).join(', ')})` : ''}`;
  for (let i = 0; i < 5; i++) await client.query(exec);
  const plan = (await client.query(`explain (analyze, buffers, costs off) ${exec}`)).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  if (q.rollback) await client.query('rollback');
  else await client.query(`deallocate ${name}`);
  console.log(
    `### ${q.title}\n\n\`\`\`sql\n${q.sql.replace(/\n\s+/g, '\n  ')}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n`,
  );
}
await client.end();
