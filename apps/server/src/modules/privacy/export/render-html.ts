import type { LanguageCode } from '@club/shared';
import { type ConsentFlag, consentText } from '@club/shared/consents';
import { formatMoney, groszeToPln } from '@club/shared/money';
import type { MemberData } from './collect';
import { FIELDS, SECTIONS, TEXT, VALUES } from './labels';

/**
 * The readable copy (docs/privacy.md "The member's export"): one self-contained HTML file in the
 * member's language, no script, no outside request (its own CSP says so), every value escaped. HTML
 * rather than PDF: it reflows on a phone, a screen reader reads its headings and lists, the browser
 * prints it or saves it as PDF, and it needs no embedded fonts for Polish letters.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

type Row = Record<string, unknown>;

function formatter(lang: LanguageCode) {
  const locale = lang === 'en' ? 'en-GB' : 'pl-PL';
  const instant = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const words = (entry: Record<LanguageCode, string>) => entry[lang];

  /** One value as text (escaped by the caller's use of `escape`). */
  const text = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (value instanceof Date) return instant.format(value);
    if (typeof value === 'boolean') return words(value ? TEXT.yes : TEXT.no);
    if (typeof value === 'number')
      return key.endsWith('_grosze') ? formatMoney(groszeToPln(value), lang) : String(value);
    if (typeof value === 'string') {
      if (ISO_INSTANT.test(value)) return instant.format(new Date(value));
      if (ISO_DAY.test(value)) return day.format(new Date(`${value}T00:00:00Z`));
      const known = VALUES[value];
      return known ? words(known) : value;
    }
    if (Array.isArray(value) && value.every((p) => p && typeof p === 'object' && 'surname' in p))
      return value.length === 0 ? '—' : value.map((p) => `${p.name} ${p.surname}`.trim()).join(', ');
    return '';
  };

  const label = (key: string) => (FIELDS[key] ? words(FIELDS[key]) : key);

  /** A record as a definition list; nested objects and lists of objects in their own block. */
  const record = (row: Row, skip: string[] = []): string => {
    const items = Object.entries(row)
      .filter(([key]) => !skip.includes(key))
      .map(([key, value]) => {
        const plain = text(key, value);
        const body =
          plain !== ''
            ? escapeHtml(plain)
            : Array.isArray(value)
              ? value.length === 0
                ? '—'
                : value
                    .map((v) => (v && typeof v === 'object' ? record(v as Row) : escapeHtml(String(v))))
                    .join('')
              : record(value as Row);
        return `<div class="f"><dt>${escapeHtml(label(key))}</dt><dd>${body}</dd></div>`;
      });
    return `<dl>${items.join('')}</dl>`;
  };

  const records = (rows: Row[], skip: string[] = []) =>
    rows.length === 0
      ? `<p class="none">${escapeHtml(words(TEXT.none))}</p>`
      : `<ol class="records">${rows.map((r) => `<li>${record(r, skip)}</li>`).join('')}</ol>`;

  return { text, record, records, words, instant };
}

export function renderExportHtml(data: MemberData): string {
  const lang = data.language as LanguageCode;
  const { record, records, words, instant } = formatter(lang);
  const section = (title: Record<LanguageCode, string>, body: string, id?: string) =>
    `<section${id ? ` id="${id}"` : ''}><h2>${escapeHtml(words(title))}</h2>${body}</section>`;
  const sub = (title: Record<LanguageCode, string>, body: string) =>
    `<h4>${escapeHtml(words(title))}</h4>${body}`;

  const consentFlags = data.consents.current
    ? Object.entries(data.consents.current)
        .filter(([key]) => key.startsWith('term_'))
        .map(([key, given]) => ({
          consent: consentText(lang, key as ConsentFlag),
          given,
          created_at:
            (data.consents.current?.consents_given_at as Record<string, string> | undefined)?.[key] ?? null,
        }))
    : [];
  const history = data.consents.history.map((event) => ({
    ...event,
    consent: consentText(lang, event.consent as ConsentFlag),
  }));

  const orders = data.orders
    .map((order) => {
      const { lines, payments, invoices, tickets, id, ...rest } = order;
      return `<article class="order"><h3>${escapeHtml(words(TEXT.order).replace('{{id}}', String(id)))}</h3>${record(rest)}${sub(SECTIONS.lines, records(lines))}${sub(SECTIONS.payments, records(payments))}${sub(SECTIONS.invoices, records(invoices))}${sub(SECTIONS.tickets, records(tickets))}</article>`;
    })
    .join('');

  const parts = [
    section(SECTIONS.account, record(data.account)),
    data.customer ? section(SECTIONS.customer, record(data.customer)) : '',
    section(
      SECTIONS.consents,
      `${records(consentFlags)}<h3>${escapeHtml(words(SECTIONS.consentHistory))}</h3>${records(history)}`,
      'consents',
    ),
    section(SECTIONS.interests, records(data.interests, ['id'])),
    section(SECTIONS.cart, records(data.cart)),
    section(SECTIONS.orders, orders || `<p class="none">${escapeHtml(words(TEXT.none))}</p>`, 'orders'),
    section(SECTIONS.notifyMe, records(data.waiting_lists.notify_me)),
    section(SECTIONS.seatOffers, records(data.waiting_lists.seat_offers)),
    section(SECTIONS.mails, records(data.mails)),
    section(SECTIONS.sessions, records(data.sessions)),
    section(SECTIONS.links, records(data.single_use_links)),
    section(SECTIONS.exports, records(data.exports)),
    section(SECTIONS.photos, records(data.photos)),
  ];
  if ('bonus' in data) {
    parts.push(
      section(
        SECTIONS.bonus,
        data.bonus
          ? `<p class="note">${escapeHtml(words(TEXT.peselNote))}</p>${record(data.bonus)}`
          : `<p class="none">${escapeHtml(words(TEXT.none))}</p>`,
      ),
      section(
        SECTIONS.registered,
        `<p class="note">${escapeHtml(words(TEXT.registeredNote))}</p>${records(data.registered_customers ?? [])}`,
      ),
    );
  }

  const title = words(TEXT.title);
  const intro = words(TEXT.intro).replace('{{at}}', instant.format(new Date(data.generated_at)));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p class="brand">Excellence Club</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p><p class="note">${escapeHtml(words(TEXT.keepSafe))}</p><p class="note">${escapeHtml(words(TEXT.omitted))}</p></header>
<main>${parts.join('\n')}</main>
</body>
</html>
`;
}

const STYLE = `
:root{color-scheme:light;--ink:#1a1a1a;--muted:#5c5c5c;--line:#e3e1dc;--accent:#90722c}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#fff}
header,main{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
header{border-bottom:1px solid var(--line)}
.brand{letter-spacing:.2em;text-transform:uppercase;font-size:.75rem;color:var(--muted);margin:0}
h1{font-weight:300;font-size:1.9rem;margin:.25rem 0 .75rem}
h2{font-weight:400;font-size:1.35rem;margin:2rem 0 .75rem;padding-bottom:.35rem;border-bottom:2px solid var(--accent)}
h3{font-weight:500;font-size:1.1rem;margin:1.25rem 0 .5rem}
h4{font-weight:600;font-size:.85rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:1rem 0 .4rem}
.note{color:var(--muted);font-size:.9rem}
.none{color:var(--muted);font-style:italic}
dl{margin:0;display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.15rem 1rem}
.f{display:contents}
dt{color:var(--muted);font-size:.9rem}
dd{margin:0;overflow-wrap:anywhere}
dd dl{border-left:2px solid var(--line);padding-left:.75rem}
ol.records{list-style:none;margin:0;padding:0}
ol.records>li{padding:.6rem 0;border-bottom:1px solid var(--line)}
article.order{border:1px solid var(--line);border-radius:4px;padding:0 1rem 1rem;margin:0 0 1rem}
@media (max-width:36rem){dl{grid-template-columns:1fr}dt{margin-top:.4rem}}
@media print{h2{break-after:avoid}article.order,ol.records>li{break-inside:avoid}}
`;
