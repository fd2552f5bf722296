import { MAIL_TEMPLATES, type MailTemplateName } from '@club/shared/schemas/admin-mail';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../src/db/schema';
import { randomToken } from '../../src/lib/tokens';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  DEMO_PASSWORD,
  signedInAs,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../helpers';

/**
 * Issue 28, item 1: the console's outbox (open to every staff role), the audit log and the logs
 * must never hold a link that opens an account. Reproduces the two attacks (an operator accepts a
 * new administrator's invitation; anyone takes over a member through a reset link read in the
 * outbox), then walks every mail template the mailer knows: every link and token a staff member
 * can read is tried against the real endpoints, and none opens anything, while the same mails as
 * they are handed to SMTP do carry working links (so the walk can fail).
 */
describe.skipIf(skipIfNoDatabase)('no account-opening secret in what staff read (issue 28)', () => {
  let t: TestApp;
  const logs: string[] = [];
  let admin: Client;
  let operator: Client;
  const anonymous = () => new Client(t.app);
  const tag = randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const email = (who: string) => `${who}-${tag}@secrets.test`;

  beforeAll(async () => {
    // The logs at info (every request's line, with its address), as a server without SMTP writes them.
    t = await createTestApp({ logs, env: { LOG_LEVEL: 'info' } });
    admin = await staffClient(t.app, 'ADMIN');
    operator = await staffClient(t.app, 'OPERATOR', { language: 'en' });
    // A seeded app and two staff sign-ins (argon2): more than the default minute on a loaded machine.
  }, 300_000);
  afterAll(() => t?.close());

  /** The mails to an address, newest first, as staff read them in the console (list, then the item). */
  async function consoleMails(to: string) {
    const list = await operator.get(`/admin/mail/items?q=${encodeURIComponent(to)}&per_page=100`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: number; template: MailTemplateName }[];
    const items = [];
    for (const row of rows) {
      const item = await operator.get(`/admin/mail/items/${row.id}`);
      expect(item.statusCode, item.body).toBe(200);
      items.push(item.json().data as { id: number; template: MailTemplateName; text: string; html: string });
    }
    return { listBody: list.body, items };
  }

  /** The mails to an address as the recipient's inbox gets them (handed to SMTP). */
  async function inbox(to: string) {
    const rows = await t.app.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
    return rows.map((row) => ({ template: row.template, ...t.app.mailer.asSent(row) }));
  }

  /** Every token-like value in a text: the query values of its links and any long random-looking run. */
  function tokensIn(text: string): string[] {
    const found = new Set<string>();
    for (const m of text.matchAll(/[?&](?:amp;)?(?:token|challenge)=([^&\s"'<>]+)/g)) {
      try {
        found.add(decodeURIComponent(m[1]!));
      } catch {
        found.add(m[1]!);
      }
    }
    for (const m of text.matchAll(/[A-Za-z0-9_-]{32,}/g)) found.add(m[0]);
    return [...found];
  }

  /** Tries a value on every endpoint a mailed link leads to; the names of those that opened something. */
  async function opens(token: string): Promise<string[]> {
    const c = anonymous();
    const q = encodeURIComponent(token);
    const opened: string[] = [];
    if ((await c.get(`/staff/invitation?token=${q}`)).statusCode === 200) opened.push('staff invitation');
    if ((await c.get(`/registration/agreements?token=${q}`)).statusCode === 200) opened.push('agreements');
    if ((await c.get(`/registration/activate?token=${q}`)).statusCode === 200) opened.push('activation');
    const enrolment = await c.post('/auth/second-factor/enrolment', { challenge: token });
    if (enrolment.statusCode === 200) opened.push('second-factor enrolment');
    const password = 'Przejecie#2026';
    const reset = await c.post('/auth/reset-password', {
      token,
      password,
      password_confirmation: password,
    });
    if (reset.statusCode === 200 || reset.statusCode === 202) opened.push('password reset');
    return opened;
  }

  it('an operator reads a new ADMIN’s invitation in the outbox: no link in it, nothing to accept; the invitee’s mail works', async () => {
    const invitee = email('new-admin');
    const invited = await admin.post('/staff/invite', {
      email: invitee,
      name: 'Olga',
      surname: 'Nowa',
      type: 'ADMIN',
      language: 'en',
    });
    expect(invited.statusCode, invited.body).toBe(200);

    const { items } = await consoleMails(invitee);
    expect(items.map((m) => m.template)).toEqual(['staff-invitation']);
    const [mail] = items;
    // What the operator sees: the mail, its link hidden in the operator's language.
    expect(mail!.text).toContain('[link hidden: only the recipient receives this single-use link]');
    expect(mail!.text).not.toContain('/panel/admin/invitation');
    expect(mail!.html).not.toContain('/panel/admin/invitation');
    for (const token of tokensIn(mail!.text + mail!.html)) {
      expect(await opens(token), token).toEqual([]);
      const accept = await anonymous().post('/staff/invitation/accept', {
        token,
        password: 'Przejecie#2026',
        password_confirmation: 'Przejecie#2026',
      });
      expect(accept.statusCode).toBe(404);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.email, invitee));
    expect(row!.passwordHash).toBeNull();

    // The invitee's inbox has the working link.
    const [sent] = await inbox(invitee);
    const token = new URL(
      /https?:\/\/\S+\/panel\/admin\/invitation\?token=\S+/.exec(sent!.text)![0],
    ).searchParams.get('token')!;
    const accepted = await anonymous().post('/staff/invitation/accept', {
      token,
      password: 'Olga#Haslo2026',
      password_confirmation: 'Olga#Haslo2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.second_factor).toBe('ENROL');
  });

  it('anyone asks for a member’s password reset; staff read the outbox and cannot set the password; the member still signs in', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER', language: 'pl' });
    expect((await anonymous().post('/auth/forgot-password', { email: member.email })).statusCode).toBe(200);
    await t.app.inFlight.drain(10_000);
    const polishAdmin = await consoleMailsAs(admin, member.email);
    expect(polishAdmin.text).toContain('[link ukryty: jednorazowy link otrzymuje tylko adresat]');
    const { items } = await consoleMails(member.email);
    expect(items.map((m) => m.template)).toEqual(['reset-password']);
    for (const token of tokensIn(items[0]!.text + items[0]!.html)) expect(await opens(token)).toEqual([]);
    expect((await new Client(t.app).login(member.email, member.password)).statusCode).toBe(200);
    // The member's own mail sets the password once.
    const link = /https?:\/\/\S+\/panel\/reset-password\?token=(\S+)/.exec(
      (await inbox(member.email))[0]!.text,
    )!;
    const reset = await anonymous().post('/auth/reset-password', {
      token: decodeURIComponent(link[1]!),
      password: 'Nowe#Haslo2026',
      password_confirmation: 'Nowe#Haslo2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  async function consoleMailsAs(who: Client, to: string) {
    const list = (await who.get(`/admin/mail/items?q=${encodeURIComponent(to)}`)).json().data as {
      id: number;
    }[];
    return (await who.get(`/admin/mail/items/${list[0]!.id}`)).json().data as { text: string; html: string };
  }

  it('walks every mail template: no link or token staff can read (outbox, audit log, logs) opens an account', async () => {
    const anon = anonymous();
    const produced = new Set<string>();

    // reset-password: the public request, for a member and for an administrator.
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER', language: 'en' });
    const staffer = await createTestUser(t.app.db, { type: 'ADMIN', language: 'pl' });
    for (const who of [member.email, staffer.email])
      expect((await anon.post('/auth/forgot-password', { email: who })).statusCode).toBe(200);
    await t.app.inFlight.drain(10_000);

    // staff-invitation: an administrator invites, and resends the invitation.
    const invitee = email('walk-invitee');
    const invited = (
      await admin.post('/staff/invite', {
        email: invitee,
        name: 'Jan',
        surname: 'Nowy',
        type: 'OPERATOR',
        language: 'pl',
      })
    ).json().data;
    expect((await admin.post(`/staff/item/${invited.id}/resend-invitation`)).statusCode).toBe(200);

    // dealer-invitation → agreements-accepted → activation-link → welcome: a dealer registers a member.
    const dealer = await signedInAs(t.app, 'dealer@example.com', DEMO_PASSWORD);
    expect((await dealer.post('/auth/check-password', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const joiner = email('walk-member');
    const registered = await dealer.post('/dealers/customers/register/new', {
      user: { name: 'Adam', surname: 'Nowicki', email: joiner, honorific: 'MR', language_id: 1 },
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
    expect(registered.statusCode, registered.body).toBe(200);
    const customerId = registered.json().data.customer_id;
    const agreementsToken = tokenOf((await inbox(joiner))[0]!.text, 'agreements');
    const accepted = await anon.post('/registration/agreements', {
      token: agreementsToken,
      term_1: true,
      term_2: true,
      term_3: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const updated = await dealer.post(`/dealers/customers/update/${customerId}`, {
      customer: { order_number: 'ZAM-28', vehicle_issue: '2026-02-10' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const activationToken = tokenOf((await inbox(joiner))[0]!.text, 'activate');
    const activated = await anon.post('/registration/activate', {
      token: activationToken,
      password: 'Nowe#Haslo2026',
      password_confirmation: 'Nowe#Haslo2026',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    // A second member left at the activation step keeps a live activation link.
    const waiting = email('walk-waiting');
    const second = await dealer.post('/dealers/customers/register/new', {
      user: { name: 'Ewa', surname: 'Kowal', email: waiting, honorific: 'MRS', language_id: 2 },
      customer: {
        model: 'i7',
        contract_number: 'UM/2',
        street: 'Krótka',
        building_number: '1',
        flat_number: '',
        post_code: '00-002',
        city: 'Kraków',
      },
    });
    expect(second.statusCode, second.body).toBe(200);

    // The mails that carry no secret by design, queued as their domains queue them.
    const other = email('walk-other');
    const url = `${t.app.config.PUBLIC_URL}/panel/account/shopping-history`;
    await t.app.db.transaction(async (tx) => {
      const q = <T extends MailTemplateName>(
        template: T,
        data: Parameters<typeof t.app.mailer.queue<T>>[1]['data'],
      ) => t.app.mailer.queue(tx, { template, to: other, language: 'pl', data });
      await q('bonus-joined', { form: 'Ryczałt', office: 'US Warszawa' });
      await q('waiting-list', { name: 'Tor', url });
      await q('seat-offer', { name: 'Tor', url, until: new Date().toISOString() });
      await q('order-paid', {
        orderId: 1,
        total: '100 zł',
        lines: [],
        url,
        events: [],
        bookings: [],
        ticketsPdf: null,
      });
      await q('booking-reminder', {
        orderId: 1,
        experience: 'Tor',
        when: null,
        url,
        bookings: [],
        ticketsPdf: null,
      });
      await q('attendee-mail', {
        subject: 'Plan',
        body: 'Zbiórka o 9:30.',
        experience: 'Tor',
        when: null,
        place: null,
        waiting: false,
        url,
      });
      await q('order-cancelled', { orderId: 1, url });
      await q('order-cancelled-by-club', { orderId: 1, url });
      await q('order-refunded', {
        orderId: 1,
        amount: '10 zł',
        refundedTotal: '10 zł',
        total: '100 zł',
        full: false,
        url,
      });
      await q('order-invoice', {
        orderId: 1,
        kind: 'INVOICE',
        number: 'FV/1',
        corrects: null,
        gross: '100 zł',
        issueDate: '2026-11-02',
        url,
      });
      await q('privacy-export-ready', { url, until: new Date().toISOString() });
    });

    const recipients = [member.email, staffer.email, invitee, joiner, waiting, other];
    for (const to of recipients) for (const m of await inbox(to)) produced.add(m.template);
    // Every template the mailer knows is walked: a new one fails here until it is added above.
    expect([...produced].sort()).toEqual([...MAIL_TEMPLATES].sort());

    // The real links, as the recipients get them; the pages a person opens from them (logged).
    const realTokens = new Set<string>();
    for (const to of recipients)
      for (const m of await inbox(to)) for (const token of tokensIn(m.text)) realTokens.add(token);
    const live = [...realTokens];
    const openedByRealLinks = new Set<string>();
    for (const token of live) {
      const q = encodeURIComponent(token);
      for (const path of [`/staff/invitation?token=${q}`, `/registration/agreements?token=${q}`])
        if ((await anon.get(path)).statusCode === 200) openedByRealLinks.add(path.split('?')[0]!);
      await t.app.inject({ method: 'GET', url: `/panel/reset-password?token=${q}` });
    }
    // The walk can fail: the recipients' mails hold links that open the invitation and the agreements.
    expect([...openedByRealLinks].sort()).toEqual(['/registration/agreements', '/staff/invitation']);

    // Everything a staff member can read: the outbox (list and every item), the audit log, the logs.
    const readable: string[] = [];
    for (let page = 1; ; page++) {
      const list = await operator.get(`/admin/mail/items?per_page=100&page=${page}`);
      expect(list.statusCode).toBe(200);
      readable.push(list.body);
      const rows = list.json().data as { id: number }[];
      for (const row of rows) readable.push((await operator.get(`/admin/mail/items/${row.id}`)).body);
      if (rows.length < 100) break;
    }
    for (let page = 1; ; page++) {
      const audit = await admin.get(`/audit/items?page=${page}`);
      expect(audit.statusCode).toBe(200);
      readable.push(audit.body);
      if (audit.json().meta.last_page <= page) break;
    }
    readable.push(...logs);
    const everything = readable.join('\n');
    expect(everything).toContain('mail queued');

    for (const token of live)
      expect(everything.includes(token), `a live token in what staff read: ${token}`).toBe(false);
    const candidates = new Set(tokensIn(everything));
    for (const token of candidates) expect(await opens(token), `opened by ${token}`).toEqual([]);

    // And the recipients' own reset links still work: the administrator's sets the password, once.
    const adminReset = tokenOf((await inbox(staffer.email))[0]!.text, 'reset-password');
    const done = await anon.post('/auth/reset-password', {
      token: adminReset,
      password: 'Nowe#Haslo2026',
      password_confirmation: 'Nowe#Haslo2026',
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('the logs never carry a single-use token of an address (the pages opened from mailed links)', async () => {
    const token = randomToken(32);
    for (const path of [
      `/panel/admin/invitation?token=${token}`,
      `/panel/api/v1/staff/invitation?token=${token}`,
      `/panel/api/v1/registration/agreements?lang=en&token=${token}`,
    ])
      await t.app.inject({ method: 'GET', url: path });
    const lines = logs.join('\n');
    expect(lines).toContain('token=[redacted]');
    expect(lines).not.toContain(token);
  });

  it('an old invitation read by staff stays dead after the resend; the audit of a resend holds no link', async () => {
    const invitee = email('audit');
    const invited = (
      await admin.post('/staff/invite', {
        email: invitee,
        name: 'Iga',
        surname: 'Stara',
        type: 'ADMIN',
        language: 'pl',
      })
    ).json().data;
    await admin.post(`/staff/item/${invited.id}/resend-invitation`);
    const rows = await auditRows(t.app, 'staff', invited.id);
    expect(rows.map((r) => r.action)).toEqual(['resend-invitation', 'invite']);
    for (const r of rows) expect(JSON.stringify(r)).not.toMatch(/token=/);
    const stored = await t.app.db.select().from(outbox).where(like(outbox.to, invitee));
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.text).toContain('{{secret:link}}');
      expect(row.html).not.toMatch(/invitation\?token=/);
      expect(row.secrets).toMatch(/^v1\./);
    }
  });
});

/** The token of a mailed link to one of the panel's pages. */
function tokenOf(text: string, page: 'agreements' | 'activate' | 'reset-password'): string {
  const match = new RegExp(`/panel/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}
