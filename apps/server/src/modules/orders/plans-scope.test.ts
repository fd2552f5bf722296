import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, skipIfNoDatabase, type TestApp } from '../../../test/helpers';
import { createMember, createTestProduct, memberApi } from './test-fixtures';

/**
 * Issue 32: no statement of an order or of a cart update touches other members' cart lines, so an
 * order costs the same with 400 or 20,000 open carts. Every statement the server sends (and every
 * statement of its triggers) is planned and run by PostgreSQL's auto_explain, with the pool's own
 * settings (generic plans), over a club where thousands of other members have open carts and the
 * statistics are fresh, as autovacuum keeps them. Their plans come back as notices.
 */
const OTHERS = 3_000;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};
type Explained = { 'Query Text': string; Plan: PlanNode };

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The cart lines a node read: returned plus filtered out, over all its loops. */
const linesRead = (n: PlanNode) =>
  ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
  (n['Actual Loops'] ?? 1);

let t: TestApp;
/** A second app (process) over the same database whose connections explain every statement. */
let explaining: TestApp;
let plans: Explained[] = [];
const emit = pg.Client.prototype.emit;

describe.skipIf(DB_KIND !== 'postgres' || skipIfNoDatabase)('an order reads only its member’s rows', () => {
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const db = t.app.db;
    const { product: shared } = await createTestProduct(db, { totalSeats: null, memberLimit: 5 });
    const { product: other } = await createTestProduct(db, { totalSeats: null, memberLimit: 5 });
    // Other members with open carts: each has the member's experience and another in the cart.
    const template = await createMember(db);
    await db.execute(sql`insert into users
      select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('users', 'id')), 'email', 'other' || g || '@scope.example.com',
        'card_number', null, 'calendar_token', null))).*
      from users u, generate_series(1, ${OTHERS}) g where u.id = ${template.id}`);
    await db.execute(sql`insert into cart_items (user_id, product_id, quantity)
      select u.id, p.id, 1 from users u, (values (${shared.id}::int), (${other.id}::int)) p(id)
      where u.email like 'other%@scope.example.com'`);
    await db.execute(sql`analyze`);
    const name = new URL(t.databaseUrl!).pathname.slice(1);
    for (const setting of [
      `session_preload_libraries = 'auto_explain'`,
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_nested_statements = on',
      'auto_explain.log_format = json',
      'auto_explain.log_level = notice',
    ])
      await db.execute(sql.raw(`alter database ${name} set ${setting}`));
    pg.Client.prototype.emit = function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
      if (event === 'notice') {
        const text = (args[0] as { message?: string }).message ?? '';
        const at = text.indexOf('{');
        if (text.includes('plan:') && at >= 0) plans.push(JSON.parse(text.slice(at)) as Explained);
      }
      return emit.call(this, event, ...args);
    };
    explaining = await createTestApp({ sameDatabaseAs: t });
  });
  afterAll(async () => {
    pg.Client.prototype.emit = emit;
    await explaining?.close();
    await t?.close();
  });

  /** The plans of the statements `act` sends that read cart lines, with the lines each node read. */
  async function cartReads(act: () => Promise<void>) {
    plans = [];
    await act();
    const seen = plans;
    plans = [];
    return seen.flatMap((p) =>
      nodesOf(p.Plan)
        .filter((n) => n['Relation Name'] === 'cart_items')
        .map((n) => ({ query: p['Query Text'].slice(0, 80), node: n['Node Type'], lines: linesRead(n) })),
    );
  }

  it('places an order and updates a cart line reading no other member’s cart line', async () => {
    const member = await createMember(t.app.db);
    const api = memberApi(explaining.app, member);
    const { product: a } = await createTestProduct(t.app.db, { totalSeats: 50 });
    const { product: b } = await createTestProduct(t.app.db, { totalSeats: null });
    const ids: number[] = [];
    for (const p of [a, b])
      ids.push((await api.post('/sales/cart/add', { product_id: p.id })).json().data.id);

    const update = await cartReads(async () => {
      expect((await api.post(`/sales/cart/update/${ids[0]}`, { quantity: 1, terms: [] })).statusCode).toBe(
        200,
      );
    });
    expect(update.length).toBeGreaterThan(0);
    for (const read of update) {
      expect(read.node, read.query).not.toBe('Seq Scan');
      expect(read.lines, read.query).toBeLessThanOrEqual(ids.length);
    }

    const order = await cartReads(async () => {
      const res = await api.post('/sales/cart/order', { discount_code: '', is_invoice: 0 });
      expect(res.statusCode, res.body).toBe(200);
    });
    // The cart read under lock and the deletion at least.
    expect(order.length).toBeGreaterThanOrEqual(2);
    for (const read of order) {
      expect(read.node, read.query).not.toBe('Seq Scan');
      expect(read.lines, read.query).toBeLessThanOrEqual(ids.length);
    }
    const left = await t.app.db.execute(
      sql`select count(*)::int n from cart_items where user_id = ${member.id}`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  });
});
