import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RouteInfo } from '../../src/app';
import { galleries, languages, users } from '../../src/db/schema';
import { demoMediaDir } from '../../src/lib/media';
import { createTestProduct } from '../../src/modules/orders/test-fixtures';
import { Client, createTestApp, createTestUser, type TestApp } from '../helpers';

/**
 * The world the security suite works in: one app per test file, five callers and the things they
 * own (a cart, an order, a dealer's customer), so that ownership can be tested across callers.
 */
export type Actor =
  | 'anonymous'
  | 'customer'
  | 'otherCustomer'
  | 'dealer'
  | 'otherDealer'
  | 'operator'
  | 'admin';
/** Owners go last: a removal by the owner must not hide what the others were refused. */
export const ACTORS: Actor[] = [
  'anonymous',
  'otherCustomer',
  'otherDealer',
  'operator',
  'admin',
  'customer',
  'dealer',
];
type AccountType = 'CUSTOMER' | 'DEALER' | 'OPERATOR' | 'ADMIN';

export type Account = { id: number; email: string; password: string; totpSecret?: string | null };

export type World = {
  t: TestApp;
  routes: RouteInfo[];
  clients: Record<Actor, Client>;
  accounts: Record<Exclude<Actor, 'anonymous'>, Account>;
  ids: {
    product: number;
    announcedProduct: number;
    gallery: number;
    cartItem: number;
    cartItemPostRemove: number;
    cartItemDeleteRemove: number;
    order: number;
    dealerCustomer: number;
    languagePl: number;
    /** A staff colleague the administrator changes (role, activity, second factor). */
    staffColleague: number;
    /** A staff colleague invited, who has not set a password yet. */
    invitedColleague: number;
    /** A queued mail of the outbox (the console reads it; a resend is refused: it has not failed). */
    mail: number;
  };
  calendarToken: string;
  mediaFile: string;
  /** A new session of the actor's account, or a brand-new account of the actor's type. */
  fresh: (actor: Actor, kind: 'session' | 'user') => Promise<Client>;
};

export const API = '/panel/api/v1';

export const profileBody = {
  honorific: 'MRS',
  name: 'Anna',
  surname: 'Zielińska',
  phone_prefix: '+48',
  phone: '512345678',
  customer: {
    street: 'Mokotowska',
    building_number: '5',
    flat_number: '',
    post_code: '00-640',
    city: 'Warszawa',
    term_1: 1,
    term_2: 1,
    term_2a: 0,
    term_3: 1,
    term_4_car: 1,
    term_4_email: 0,
    term_4_group: 1,
    term_4_phone: 0,
    term_4_post: 0,
  },
};

export const invoiceBody = {
  invoice_company_name: 'Zielińska Design',
  invoice_street: 'Mokotowska',
  invoice_building_number: '5',
  invoice_locale_number: '',
  invoice_post_code: '00-640',
  invoice_city: 'Warszawa',
  tax_number_prefix: 'PL',
  tax_number: '526-025-02-74',
};

export { bonusBody } from '../support/bonus-body';

let unique = 0;
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${(unique++).toString(36)}@example.com`;
export const uniqueVin = () => {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return `WBA${Array.from({ length: 14 }, () => chars[Math.floor(Math.random() * chars.length)]).join('')}`;
};

export const newCustomerBody = (languageId: number) => ({
  user: {
    name: 'Adam',
    surname: 'Nowicki',
    email: uniqueEmail('new'),
    honorific: 'MR',
    language_id: languageId,
  },
  customer: {
    model: 'X7',
    contract_number: 'UM/1',
    street: 'Długa',
    building_number: '5',
    flat_number: '',
    post_code: '00-001',
    city: 'Warszawa',
  },
});

export const existingCustomerBody = (languageId: number) => ({
  user: { honorific: '', name: '', surname: '', language_id: languageId },
  customer: { model: 'i7', vehicle_issue: '2025-05-20', vin_number: uniqueVin(), order_number: 'ZAM-1' },
});

async function signIn(t: TestApp, account: Account, type: AccountType): Promise<Client> {
  const client = new Client(t.app);
  // Staff sign in with their second factor (a TOTP code from the account's secret).
  const res =
    type === 'OPERATOR' || type === 'ADMIN'
      ? await client.loginStaff(account.email, account.password, account.totpSecret!)
      : await client.login(account.email, account.password);
  expect(res.statusCode, res.body).toBe(200);
  // Dealer routes behind the password re-entry: verified once, so that the matrix reaches them.
  if (type === 'DEALER') {
    expect((await client.post('/auth/check-password', { password: account.password })).statusCode).toBe(200);
  }
  return client;
}

/** The first file of the demo media, as a URL path under /panel/media/. */
function firstMediaFile(): string {
  const root = demoMediaDir();
  for (const dir of ['products', 'gallery', 'categories']) {
    const files = readdirSync(path.join(root, dir)).filter((f) => !f.startsWith('.'));
    if (files[0]) return `/panel/media/${dir}/${files[0]}`;
  }
  throw new Error('no demo media');
}

/** A small built app of its own, so that the matrix does not depend on `npm run build` having run. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Excellence Club</title><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  return dir;
}

export async function createWorld(): Promise<World> {
  const t = await createTestApp({ env: { LOGIN_LIMIT_PER_ADDRESS: '100000', WEB_DIST: fakeWebDist() } });
  const db = t.app.db;
  const typeOf: Record<Exclude<Actor, 'anonymous'>, AccountType> = {
    customer: 'CUSTOMER',
    otherCustomer: 'CUSTOMER',
    dealer: 'DEALER',
    otherDealer: 'DEALER',
    operator: 'OPERATOR',
    admin: 'ADMIN',
  };
  const accounts = {} as World['accounts'];
  const clients = { anonymous: new Client(t.app) } as World['clients'];
  for (const [actor, type] of Object.entries(typeOf) as [Exclude<Actor, 'anonymous'>, AccountType][]) {
    accounts[actor] = await createTestUser(db, { type });
    clients[actor] = await signIn(t, accounts[actor], type);
  }

  const [pl] = await db.select().from(languages).where(sql`${languages.code} = 'pl'`);
  const [gallery] = await db.select({ id: galleries.id }).from(galleries).limit(1);
  const [customerRow] = await db
    .select({ token: users.calendarToken })
    .from(users)
    .where(sql`${users.id} = ${accounts.customer.id}`);

  // The customer's things: an order (placed first: ordering empties the cart), then three cart lines.
  const customer = clients.customer;
  const addLine = async () => {
    const { product } = await createTestProduct(db);
    const res = await customer.post('/sales/cart/add', { product_id: product.id });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { id: number } }).data.id;
    expect((await customer.post(`/sales/cart/update/${id}`, { quantity: 1 })).statusCode).toBe(200);
    return { productId: product.id, lineId: id };
  };
  await addLine();
  const ordered = await customer.post('/sales/cart/order', { discount_code: '', is_invoice: 0 });
  expect(ordered.statusCode, ordered.body).toBe(200);
  const orders = (await customer.get('/sales/orders/items')).json() as { data: { id: number }[] };
  const order = orders.data[0]!.id;
  const line = await addLine();
  const postRemove = await addLine();
  const deleteRemove = await addLine();
  const { product: announced } = await createTestProduct(db, { published: 2 });

  const registered = await clients.dealer.post('/dealers/customers/register/new', newCustomerBody(pl!.id));
  expect(registered.statusCode, registered.body).toBe(200);

  const colleague = await createTestUser(db, { type: 'OPERATOR' });
  const [invited] = await db
    .insert(users)
    .values({ email: uniqueEmail('invited'), type: 'OPERATOR', name: 'Ina', surname: 'Invited' })
    .returning({ id: users.id });

  const mail = await db.transaction((tx) =>
    t.app.mailer.queue(tx, {
      template: 'order-cancelled',
      to: uniqueEmail('outbox'),
      language: 'pl',
      data: { orderId: order, url: `${t.app.config.PUBLIC_URL}/panel/account/shopping-history` },
    }),
  );

  const fresh = async (actor: Actor, kind: 'session' | 'user'): Promise<Client> => {
    if (actor === 'anonymous') return new Client(t.app);
    const type = typeOf[actor];
    const account = kind === 'user' ? await createTestUser(db, { type }) : accounts[actor];
    return signIn(t, account, type);
  };

  return {
    t,
    routes: t.app.routeTable as RouteInfo[],
    clients,
    accounts,
    ids: {
      product: line.productId,
      announcedProduct: announced.id,
      gallery: gallery!.id,
      cartItem: line.lineId,
      cartItemPostRemove: postRemove.lineId,
      cartItemDeleteRemove: deleteRemove.lineId,
      order,
      dealerCustomer: (registered.json() as { data: { customer_id: number } }).data.customer_id,
      languagePl: pl!.id,
      staffColleague: colleague.id,
      invitedColleague: invited!.id,
      mail,
    },
    calendarToken: customerRow!.token!,
    mediaFile: firstMediaFile(),
    fresh,
  };
}

/**
 * Counts every row each table gains, loses or sees changed from now on (rate-limit counters aside:
 * failures are meant to count), and returns a reader of those counts. A row trigger notes each write
 * in `test_writes`, inside the writer's transaction, so a rolled-back write leaves no count and an
 * UPDATE that changes nothing is not one. Reading one small table after each call costs next to
 * nothing, where a checksum of every row of every table grew with the world.
 */
export async function watchWrites(t: TestApp): Promise<() => Promise<Record<string, string>>> {
  await t.app.db.execute(sql`create table test_writes (tbl text primary key, n bigint not null)`);
  await t.app.db.execute(
    sql.raw(`create function test_note_write() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'UPDATE' and OLD is not distinct from NEW then return null; end if;
      insert into test_writes values (TG_TABLE_NAME, 1) on conflict (tbl) do update set n = test_writes.n + 1;
      return null;
    end $$`),
  );
  const tables = (await t.app.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limits', 'test_writes')`,
  )) as unknown as { rows: { tablename: string }[] };
  for (const { tablename } of tables.rows) {
    await t.app.db.execute(
      sql`create trigger test_note_write after insert or update or delete on ${sql.identifier(tablename)} for each row execute function test_note_write()`,
    );
  }
  return async () => {
    const result = (await t.app.db.execute(sql`select tbl, n::text as n from test_writes`)) as unknown as {
      rows: { tbl: string; n: string }[];
    };
    return Object.fromEntries(result.rows.map((r) => [r.tbl, r.n]));
  };
}

export const isEnvelope = (body: unknown): boolean => {
  const b = body as { success?: unknown; code?: unknown; message?: unknown; errors?: unknown };
  return (
    b?.success === false &&
    typeof b.code === 'string' &&
    typeof b.message === 'string' &&
    b.message.length > 0 &&
    (b.errors === undefined ||
      (typeof b.errors === 'object' &&
        b.errors !== null &&
        Object.values(b.errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))))
  );
};
