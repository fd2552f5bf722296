import { formatMoney, groszeToPln, type LanguageCode } from '@club/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { orderItems, orders, users } from '../../db/schema';
import { translate } from '../../i18n';
import { randomToken } from '../../lib/tokens';
import { RETURN_PATH } from '../orders/place-order';
import { handlePaymentOutcome } from './handle-notification';
import { paymentProviderFor, SANDBOX_PAGE_PREFIX } from './sandbox-provider';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ZRef = z.object({ ref: z.string().min(10).max(100) });
const ZAction = ZRef.extend({ action: z.enum(['pay', 'cancel']) });

function page(lang: LanguageCode, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Excellence Club</title>
<style>
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
    background: radial-gradient(circle at 50% 0%, #1d1a14 0%, #0b0b0c 60%); color: #ece8df;
    font: 16px/1.5 "Helvetica Neue", Arial, sans-serif; }
  main { width: 100%; max-width: 480px; background: #141416; border: 1px solid #2b2824; border-radius: 4px;
    padding: 40px 32px; box-shadow: 0 24px 60px rgba(0,0,0,.5); }
  .brand { letter-spacing: .32em; text-transform: uppercase; font-size: 12px; color: #c9a85a; margin: 0 0 24px; }
  h1 { font-weight: 300; font-size: 28px; margin: 0 0 8px; letter-spacing: .02em; }
  p { color: #b5afa3; margin: 0 0 24px; }
  ul { list-style: none; padding: 0; margin: 0 0 24px; border-top: 1px solid #2b2824; }
  li { display: flex; justify-content: space-between; gap: 16px; padding: 12px 0; border-bottom: 1px solid #2b2824; }
  li span:last-child { color: #b5afa3; white-space: nowrap; }
  .amount { display: flex; justify-content: space-between; align-items: baseline; margin: 0 0 32px; }
  .amount strong { font-size: 28px; font-weight: 400; color: #fff; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  form { flex: 1 1 160px; margin: 0; }
  button, a.button { display: block; width: 100%; text-align: center; padding: 14px 20px; border-radius: 2px; cursor: pointer;
    font: inherit; letter-spacing: .08em; text-transform: uppercase; font-size: 14px; text-decoration: none; }
  .primary { background: #90722C; color: #fff; border: 1px solid #90722C; }
  .primary:hover { background: #a4843a; }
  .secondary { background: transparent; color: #ece8df; border: 1px solid #4a453c; }
  .secondary:hover { border-color: #90722C; }
  button:focus-visible, a:focus-visible { outline: 2px solid #c9a85a; outline-offset: 3px; }
</style>
</head>
<body><main><p class="brand">Excellence Club</p>${body}</main></body>
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
 * the order and its amount and chooses "pay" or "cancel"; the choice reaches the order as a signed
 * notification through the same path a real operator's notification takes.
 */
export async function sandboxPaymentPages(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(`${SANDBOX_PAGE_PREFIX}:ref`, { config: { access: 'public' } }, async (request, reply) => {
    const params = ZRef.safeParse(request.params);
    const found = params.success ? await loadOrder(app, params.data.ref) : null;
    const lang = found?.lang ?? request.lang ?? 'pl';
    const t = (key: string, p?: Record<string, unknown>) =>
      escapeHtml(translate(lang, `payments.sandbox.${key}`, p));
    if (!found)
      return sendHtml(reply, 404, page(lang, t('title'), `<h1>${t('title')}</h1><p>${t('notFound')}</p>`));
    const { order, lines } = found;
    const back = `<a class="button secondary" href="${RETURN_PATH}">${t('back')}</a>`;
    if (order.status !== 'WAITING_PAYMENT') {
      return sendHtml(
        reply,
        409,
        page(lang, t('title'), `<h1>${t('order', { id: order.id })}</h1><p>${t('notWaiting')}</p>${back}`),
      );
    }
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
<form method="post" action="${action}/pay"><button class="primary" type="submit">${t('pay')}</button></form>
<form method="post" action="${action}/cancel"><button class="secondary" type="submit">${t('cancel')}</button></form>
</div>`;
    return sendHtml(reply, 200, page(lang, t('title'), body));
  });

  app.post(`${SANDBOX_PAGE_PREFIX}:ref/:action`, { config: { access: 'public' } }, async (request, reply) => {
    const params = ZAction.safeParse(request.params);
    const found = params.success ? await loadOrder(app, params.data.ref) : null;
    const lang = found?.lang ?? request.lang ?? 'pl';
    const t = (key: string, p?: Record<string, unknown>) =>
      escapeHtml(translate(lang, `payments.sandbox.${key}`, p));
    if (!found || !params.success)
      return sendHtml(reply, 404, page(lang, t('title'), `<h1>${t('title')}</h1><p>${t('notFound')}</p>`));
    const provider = paymentProviderFor(app.config);
    const signed = provider.signNotification({
      eventId: randomToken(12),
      ref: params.data.ref,
      status: params.data.action === 'pay' ? 'PAID' : 'CANCELLED',
      amountGrosze: found.order.totalGrosze,
    });
    const outcome = provider.verifyNotification({ headers: {}, body: signed });
    if (outcome) await handlePaymentOutcome(app, provider.name, outcome);
    if (params.data.action === 'pay') return reply.redirect(RETURN_PATH, 303);
    const body = `<h1>${t('cancelledTitle')}</h1><p>${t('cancelledText', { id: found.order.id })}</p>
<a class="button primary" href="${RETURN_PATH}">${t('back')}</a>`;
    return sendHtml(reply, 200, page(lang, t('cancelledTitle'), body));
  });
}
