-- Issue 29: the orders paid before tickets existed get theirs (one per seat: seat 0 the buyer, then the
-- line's accompanying persons), and each experience with tickets its default check-in list. The code:
-- 24 random bytes from two random UUIDs (at least 180 random bits), base64url, 32 characters, as the
-- server's own (modules/event-day/tickets.ts). The demo seed runs the same statements after its orders
-- (db/seed/event-day.ts); on a new database this finds nothing to do.
insert into tickets (code, order_id, order_item_id, product_id, seat, name, surname)
select
  translate(encode(substring(decode(replace(gen_random_uuid()::text, '-', '')
    || replace(gen_random_uuid()::text, '-', ''), 'hex') from 1 for 24), 'base64'), '+/', '-_'),
  o.id, oi.id, oi.product_id, s.seat,
  case when s.seat = 0 then coalesce(o.buyer->>'name', '') else coalesce(oi.persons->(s.seat - 1)->>'name', '') end,
  case when s.seat = 0 then coalesce(o.buyer->>'surname', '') else coalesce(oi.persons->(s.seat - 1)->>'surname', '') end
from orders o
join order_items oi on oi.order_id = o.id
cross join lateral generate_series(0, oi.quantity - 1) as s(seat)
where o.status = 'PAID'
on conflict do nothing;
--> statement-breakpoint
insert into check_in_lists (product_id, is_default)
select distinct product_id, true from tickets where product_id is not null
on conflict do nothing;
