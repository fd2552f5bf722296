import { readdirSync } from 'node:fs';
import {
  formatMoney,
  groszeToPln,
  type LanguageCode,
  ORDER_STATUS,
  PAYMENT_OUTCOME_STATUS,
} from '@club/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { orderItems, orders, users } from '../../db/schema';
import { translate } from '../../i18n';
import { randomToken } from '../../lib/tokens';
import { webDistDir } from '../../plugins/static';
import { returnPathOf } from '../../lib/payment-provider';
import { handleNotification } from './handle-notification';
import { SANDBOX_PAGE_PREFIX, sandboxProvider } from './sandbox-provider';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ZRef = z.object({ ref: z.string().min(10).max(100) });
const ZAction = ZRef.extend({ action: z.enum(['pay', 'cancel']) });
const ZForm = z.object({ token: z.string().min(10).max(200) });

/** The panel's own fonts (styles/fonts.css), as the web build emitted them (hashed names). */
function panelFonts(configured?: string): string {
  try {
    const files = readdirSync(`${webDistDir(configured)}/assets`);
    const url = (prefix: string) => {
      const file = files.find((f) => f.startsWith(prefix) && f.endsWith('.woff2'));
      return file ? `url('/panel/assets/${file}') format('woff2')` : null;
    };
    const polish = 'U+0104-0107, U+0118-0119, U+0141-0144, U+015A-015B, U+0179-017C';
    const faces = [
      [
        'Inter',
        '100 900',
        url('inter-latin-wght-normal'),
        'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2212',
      ],
      ['Inter', '100 900', url('inter-polish-wght-normal'), polish],
      [
        'Cormorant Garamond',
        '500',
        url('cormorant-garamond-latin-500-normal'),
        'U+0000-00FF, U+0131, U+0152-0153, U+2000-206F, U+20AC',
      ],
      ['Cormorant Garamond', '500', url('cormorant-garamond-polish-500-normal'), polish],
    ] as const;
    return faces
      .filter(([, , src]) => src)
      .map(
        ([family, weight, src, range]) =>
          `@font-face { font-family: '${family}'; font-weight: ${weight}; font-display: swap; src: ${src}; unicode-range: ${range}; }`,
      )
      .join('\n');
  } catch {
    return '';
  }
}

function page(lang: LanguageCode, title: string, body: string, fonts = ''): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/panel/favicon.svg">
<title>${escapeHtml(title)} · Excellence Club</title>
<style>
  ${fonts}
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
    background: radial-gradient(circle at 50% 0%, #1d1a14 0%, #0b0b0c 60%); color: #f4f1ea;
    font: 16px/1.5 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  main { width: 100%; max-width: 480px; background: #141416; border: 1px solid #2e2e33; border-radius: 4px;
    padding: 40px 32px; box-shadow: 0 24px 60px rgba(0,0,0,.5); }
  .brand { letter-spacing: .32em; text-transform: uppercase; font-size: 12px; color: #c9a96e; margin: 0 0 24px; }
  .ribbon { margin: 0 0 16px; padding: 6px 10px; border: 1px dashed #e0b44c; color: #e0b44c; font-size: 12px;
    letter-spacing: .12em; text-transform: uppercase; text-align: center; }
  h1 { font-family: 'Cormorant Garamond', 'Times New Roman', serif; font-weight: 500; font-size: 32px; margin: 0 0 8px; letter-spacing: .02em; }
  p { color: #b3ada3; margin: 0 0 24px; }
  ul { list-style: none; padding: 0; margin: 0 0 24px; border-top: 1px solid #2e2e33; }
  li { display: flex; justify-content: space-between; gap: 16px; padding: 12px 0; border-bottom: 1px solid #2e2e33; }
  @media (max-width: 480px) { li { flex-direction: column; gap: 4px; } main { padding: 32px 20px; } }
  li span:last-child { color: #b3ada3; white-space: nowrap; }
  .amount { display: flex; justify-content: space-between; align-items: baseline; margin: 0 0 32px; }
  .amount strong { font-size: 28px; font-weight: 400; color: #fff; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  form { flex: 1 1 160px; margin: 0; }
  button, a.button { display: block; width: 100%; text-align: center; padding: 14px 20px; border-radius: 2px; cursor: pointer;
    font: inherit; letter-spacing: .08em; text-transform: uppercase; font-size: 14px; text-decoration: none; }
  .primary { background: #90722C; color: #fff; border: 1px solid #90722C; }
  .primary:hover { background: #a5843a; }
  .secondary { background: transparent; color: #f4f1ea; border: 1px solid #4a453c; }
  .secondary:hover { border-color: #90722C; }
  button:focus-visible, a:focus-visible { outline: 2px solid #c9a96e; outline-offset: 3px; }
</style>
</head>
<body><main><p class="brand">Excellence Club</p><p class="ribbon">${lang === 'en' ? 'Test payments: no money is taken' : 'Płatności testowe: żadne pieniądze nie są pobierane'}</p>${body}</main></body>
</html>`;
}

async function loadOrder(app: FastifyInstance, ref: string) {
  const [row] = await app.db
    .select({ order: orders, language: users.languageCode })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.paymentRef, ref));
  if (!row) return null;
  const lines = await app.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.order.id))
    .orderBy(asc(orderItems.id));
  return { order: row.order, lines, lang: (row.language === 'en' ? 'en' : 'pl') as LanguageCode };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The built-in `sandbox` payment operator's page (DESIGN.md §6), outside the API: the payer sees
 * the order and its amount and chooses "pay" or "cancel". The form carries a token this installation
 * signed when it showed the page, so a bare POST to the link (no page shown) does nothing; the
 * choice reaches the order as a signed notification through the path a real operator's takes.
 */
export async function sandboxPaymentPages(app: FastifyInstance) {
  const fonts = panelFonts(app.config.WEB_DIST);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const texts = (lang: LanguageCode) => (key: string, p?: Record<string, unknown>) =>
    escapeHtml(translate(lang, `payments.sandbox.${key}`, p));
  const notFoundPage = (reply: FastifyReply, lang: LanguageCode) => {
    const t = texts(lang);
    return sendHtml(
      reply,
      404,
      page(lang, t('title'), `<h1>${t('title')}</h1><p>${t('notFound')}</p>`, fonts),
    );
  };

  app.get(`${SANDBOX_PAGE_PREFIX}:ref`, { config: { access: 'public' } }, async (request, reply) => {
    if (app.config.PAYMENT_PROVIDER !== 'sandbox') return notFoundPage(reply, request.lang ?? 'pl');
    const params = ZRef.safeParse(request.params);
    const found = params.success ? await loadOrder(app, params.data.ref) : null;
    const lang = found?.lang ?? request.lang ?? 'pl';
    const t = texts(lang);
    if (!found) return notFoundPage(reply, lang);
    const { order, lines } = found;
    const back = `<a class="button secondary" href="${escapeHtml(returnPathOf(order.id))}">${t('back')}</a>`;
    if (order.status !== ORDER_STATUS.WAITING_PAYMENT) {
      return sendHtml(
        reply,
        409,
        page(
          lang,
          t('title'),
          `<h1>${t('order', { id: order.id })}</h1><p>${t('notWaiting')}</p>${back}`,
          fonts,
        ),
      );
    }
    const provider = await sandboxProvider(app);
    const token = escapeHtml(provider.pageToken(params.data!.ref));
    const action = `${SANDBOX_PAGE_PREFIX}${encodeURIComponent(params.data!.ref)}`;
    const items = lines
      .map(
        (l) =>
          `<li><span>${escapeHtml(l.productName)}</span><span>${t('quantity')}: ${l.quantity} · ${escapeHtml(
            formatMoney(groszeToPln(l.priceGrosze * l.quantity), lang),
          )}</span></li>`,
      )
      .join('');
    const body = `<h1>${t('title')}</h1><p>${t('intro')}</p>
<p><strong>${t('order', { id: order.id })}</strong></p>
<ul>${items}</ul>
<div class="amount"><span>${t('amount')}</span><strong>${escapeHtml(formatMoney(groszeToPln(order.totalGrosze), lang))}</strong></div>
<div class="actions">
<form method="post" action="${action}/pay"><input type="hidden" name="token" value="${token}"><button class="primary" type="submit">${t('pay')}</button></form>
<form method="post" action="${action}/cancel"><input type="hidden" name="token" value="${token}"><button class="secondary" type="submit">${t('cancel')}</button></form>
</div>`;
    return sendHtml(reply, 200, page(lang, t('title'), body, fonts));
  });

  app.post(`${SANDBOX_PAGE_PREFIX}:ref/:action`, { config: { access: 'public' } }, async (request, reply) => {
    if (app.config.PAYMENT_PROVIDER !== 'sandbox') return notFoundPage(reply, request.lang ?? 'pl');
    const params = ZAction.safeParse(request.params);
    const found = params.success ? await loadOrder(app, params.data.ref) : null;
    const lang = found?.lang ?? request.lang ?? 'pl';
    const t = texts(lang);
    if (!found || !params.success) return notFoundPage(reply, lang);
    const { order } = found;
    const provider = await sandboxProvider(app);
    const form = ZForm.safeParse(request.body);
    if (!form.success || !provider.pageTokenValid(params.data.ref, form.data.token)) {
      app.log.warn({ orderId: order.id }, 'sandbox payment form without a valid page token');
      const again = `<a class="button primary" href="${SANDBOX_PAGE_PREFIX}${encodeURIComponent(params.data.ref)}">${t('title')}</a>`;
      return sendHtml(
        reply,
        403,
        page(lang, t('title'), `<h1>${t('title')}</h1><p>${t('expired')}</p>${again}`, fonts),
      );
    }
    const back = (cls: string) =>
      `<a class="button ${cls}" href="${escapeHtml(returnPathOf(order.id))}">${t('back')}</a>`;
    if (params.data.action === 'cancel' && order.status === ORDER_STATUS.PAID) {
      // The truth: cancelling here cannot undo a payment that has already been taken.
      const body = `<h1>${t('paidTitle')}</h1><p>${t('paidText', { id: order.id })}</p>${back('primary')}`;
      return sendHtml(reply, 409, page(lang, t('paidTitle'), body, fonts));
    }
    const signed = provider.signNotification({
      eventId: randomToken(12),
      ref: params.data.ref,
      status: params.data.action === 'pay' ? PAYMENT_OUTCOME_STATUS.PAID : PAYMENT_OUTCOME_STATUS.CANCELLED,
      amountGrosze: order.totalGrosze,
    });
    const verified = await provider.verifyNotification({ headers: {}, body: signed, rawBody: '' });
    if (verified) await handleNotification(app, provider, verified);
    if (params.data.action === 'pay') return reply.redirect(returnPathOf(order.id), 303);
    const [now] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    if (now?.status !== ORDER_STATUS.WAITING_PAYMENT) {
      const body = `<h1>${t('order', { id: order.id })}</h1><p>${t('notWaiting')}</p>${back('primary')}`;
      return sendHtml(reply, 409, page(lang, t('title'), body, fonts));
    }
    const until = now.expiresAt
      ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/Warsaw',
        }).format(now.expiresAt)
      : '';
    const body = `<h1>${t('cancelledTitle')}</h1><p>${t('cancelledText', { id: order.id, until })}</p>
${back('primary')}`;
    return sendHtml(reply, 200, page(lang, t('cancelledTitle'), body, fonts));
  });
}
