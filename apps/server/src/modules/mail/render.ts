import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { LanguageCode } from '@club/shared';
import type { MailTemplateName } from '@club/shared/schemas/admin-mail';
import type { OutboxAttachment } from '../../db/schema';
import { type Block, type MailData, SIGNATURE, TEMPLATES } from './templates';
import { bookingsHtml, bookingsText } from './ticket-parts';

/** The brand's mail look (DESIGN.md tokens, as mail clients can take them). */
const BRAND = {
  ink: '#0b0b0c',
  paper: '#f4f1ea',
  card: '#ffffff',
  text: '#2b2620',
  muted: '#6f6a62',
  rule: '#e8e2d6',
  gold: '#c9a96e',
  goldStrong: '#90722c',
  serif: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
  sans: "'Helvetica Neue', Helvetica, Arial, sans-serif",
} as const;

export type RenderedMail = {
  subject: string;
  /** The text and HTML with `{{secret:<slot>}}` where a secret slot's value goes (never the value). */
  text: string;
  html: string;
  attachments: OutboxAttachment[];
  /** The secret slots' values, kept apart from the body (sealed in the outbox row). */
  secrets: Record<string, string>;
};

/** Where a secret slot's value stands in a stored mail: no character in it is changed by HTML escaping. */
export const secretPlaceholder = (slot: string) => `{{secret:${slot}}}`;
const SECRET_PLACEHOLDER = /\{\{secret:(\w+)\}\}/g;

/** Does a stored body hold a secret slot's placeholder? */
export const hasSecretPlaceholder = (text: string) => /\{\{secret:\w+\}\}/.test(text);

/**
 * The mail as it is handed to SMTP: each placeholder replaced by its secret (escaped in the HTML).
 * A placeholder without a value (the secret already cleared) stays as it is.
 */
export function withSecrets(
  mail: { text: string; html: string | null },
  secrets: Record<string, string>,
): { text: string; html: string | null } {
  const put = (encode: (v: string) => string) => (whole: string, slot: string) =>
    secrets[slot] === undefined ? whole : encode(secrets[slot]);
  return {
    text: mail.text.replace(
      SECRET_PLACEHOLDER,
      put((v) => v),
    ),
    html: mail.html?.replace(SECRET_PLACEHOLDER, put(escapeHtml)) ?? null,
  };
}

/** The mail as staff read it: each secret link shown as `hidden` (a link in the HTML goes nowhere). */
export function withSecretsHidden(
  mail: { text: string; html: string | null },
  hidden: string,
): { text: string; html: string | null } {
  return {
    text: mail.text.replace(SECRET_PLACEHOLDER, hidden),
    html:
      mail.html
        ?.replace(/href="\{\{secret:\w+\}\}"/g, 'href="#"')
        .replace(SECRET_PLACEHOLDER, escapeHtml(hidden)) ?? null,
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Safe in element content and in quoted attributes. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const FOOTER: Record<LanguageCode, { why: string; fallback: string }> = {
  pl: {
    why: 'Otrzymujesz tę wiadomość jako członek lub gość Excellence Club.',
    fallback: 'Jeśli przycisk nie działa, skopiuj adres do przeglądarki:',
  },
  en: {
    why: 'You receive this message as a member or guest of the Excellence Club.',
    fallback: 'If the button does not work, copy this address into your browser:',
  },
};

/** One block as MJML; `copy` texts keep their `{{slots}}` (filled per mail, after compiling). */
function blockMjml(block: Block, copy: Record<string, string>, lang: LanguageCode): string {
  const c = (key: string) => escapeHtml(copy[key] ?? '');
  switch (block.kind) {
    case 'text':
      return `<mj-text>${c(block.copy)}</mj-text>`;
    case 'note':
      return `<mj-text color="${BRAND.muted}" font-size="13px" line-height="20px">${c(block.copy)}</mj-text>`;
    case 'button':
      return `<mj-button href="{{${block.href}}}" background-color="${BRAND.goldStrong}" color="#ffffff" font-size="14px" font-weight="600" letter-spacing="1px" text-transform="uppercase" border-radius="2px" inner-padding="14px 28px" align="left" padding="16px 25px">${c(block.copy)}</mj-button>
<mj-text color="${BRAND.muted}" font-size="12px" line-height="18px">${escapeHtml(FOOTER[lang].fallback)}<br /><a href="{{${block.href}}}" style="color:${BRAND.goldStrong};word-break:break-all">{{${block.href}}}</a></mj-text>`;
    case 'details':
      return `<mj-table font-size="14px" color="${BRAND.text}" cellpadding="0" padding="8px 25px">${block.rows
        .map(
          (row) =>
            `<tr><td style="padding:10px 0;border-bottom:1px solid ${BRAND.rule};color:${BRAND.muted}">${c(row.label)}</td><td style="padding:10px 0;border-bottom:1px solid ${BRAND.rule};text-align:right;font-weight:600">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')}</mj-table>`;
    case 'lines':
      return `<mj-table font-size="14px" color="${BRAND.text}" cellpadding="0" padding="8px 25px">{{{lines}}}</mj-table>`;
    case 'bookings':
      return '<mj-text padding="8px 25px">{{{bookings}}}</mj-text>';
    case 'body':
      return '<mj-text>{{{body}}}</mj-text>';
  }
}

function documentMjml(name: MailTemplateName, lang: LanguageCode): string {
  const def = TEMPLATES[name];
  const copy = def.copy[lang];
  return `<mjml lang="${lang}">
  <mj-head>
    <mj-title>${escapeHtml(copy.subject)}</mj-title>
    <mj-preview>${escapeHtml(copy.preheader)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${BRAND.sans}" />
      <mj-text color="${BRAND.text}" font-size="15px" line-height="24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${BRAND.paper}" width="600px">
    <mj-section background-color="${BRAND.ink}" padding="28px 0">
      <mj-column>
        <mj-text align="center" color="${BRAND.gold}" font-family="${BRAND.serif}" font-size="22px" letter-spacing="6px" line-height="28px">EXCELLENCE CLUB</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${BRAND.card}" padding="36px 8px 24px">
      <mj-column>
        <mj-text font-family="${BRAND.serif}" font-size="30px" line-height="36px" color="${BRAND.ink}">${escapeHtml(copy.heading)}</mj-text>
        <mj-divider border-color="${BRAND.gold}" border-width="1px" width="56px" align="left" padding="4px 25px 12px" />
        ${def.blocks.map((b) => blockMjml(b, copy, lang)).join('\n        ')}
        <mj-text padding-top="20px">${escapeHtml(SIGNATURE[lang])}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="20px 0 32px">
      <mj-column>
        <mj-text align="center" color="${BRAND.muted}" font-size="12px" line-height="18px">Excellence Club · ${escapeHtml(FOOTER[lang].why)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * MJML runs in a worker thread that ends when it has compiled every template in both languages: mjml
 * and what it brings (lodash, juice, cheerio, html-minifier, …) are ~13 MB of heap and more of RSS that
 * would stay in the server for its whole life, where only the compiled HTML (a few KB a template) is
 * used (docs/performance.md, "Memory on PGlite"). The worker is CommonJS given as text, so it needs no
 * file of its own in the build; it requires mjml by the path resolved here.
 */
const MJML_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const mjml2html = require(workerData.mjml);
Promise.all(
  workerData.documents.map(async (document) => {
    const out = await mjml2html(document, { validationLevel: 'strict' });
    return { html: out.html, errors: out.errors.map((e) => e.formattedMessage) };
  }),
).then((outs) => parentPort.postMessage(outs));
`;

/** What the worker hands back of mjml's answer (the module itself loads only in the worker). */
type MjmlHtml = Awaited<ReturnType<typeof import('mjml')>>['html'];

function compileMjml(documents: string[]): Promise<{ html: MjmlHtml; errors: string[] }[]> {
  const mjml = createRequire(import.meta.url).resolve('mjml');
  return new Promise((resolve, reject) => {
    const worker = new Worker(MJML_WORKER, { eval: true, workerData: { mjml, documents } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the MJML worker ended (${code}) without an answer`)));
  });
}

/** Compiled HTML per template and language: MJML runs once per process for all of them (warmMailTemplates). */
const compiled = new Map<string, Promise<string>>();

/** Compiles every template not compiled yet, in both languages, in one worker. */
function compileTemplates(): void {
  const todo = (Object.keys(TEMPLATES) as MailTemplateName[])
    .flatMap((name) => (['pl', 'en'] as const).map((lang) => [name, lang] as const))
    .filter(([name, lang]) => !compiled.has(`${name}:${lang}`));
  if (todo.length === 0) return;
  const outs = compileMjml(todo.map(([name, lang]) => documentMjml(name, lang)));
  todo.forEach(([name, lang], i) => {
    const key = `${name}:${lang}`;
    const html = outs.then((all) => {
      const out = all[i]!;
      if (out.errors.length > 0) throw new Error(`MJML of ${key}: ${out.errors.join('; ')}`);
      return out.html;
    });
    html.catch(() => compiled.delete(key));
    compiled.set(key, html);
  });
}

function compiledHtml(name: MailTemplateName, lang: LanguageCode): Promise<string> {
  compileTemplates();
  return compiled.get(`${name}:${lang}`)!;
}

/** Compiles every template in both languages (at the server's start, so the first mail waits for nothing). */
export async function warmMailTemplates(): Promise<void> {
  compileTemplates();
  await Promise.all(compiled.values());
}

const SLOT = /\{\{\{(\w+)\}\}\}|\{\{(\w+)\}\}/g;

/** Fills `{{slot}}` (escaped for HTML, or as is for text) and `{{{raw}}}` (HTML built here) in one pass. */
function fill(
  template: string,
  slots: Record<string, string>,
  raw: Record<string, string>,
  encode: (v: string) => string,
): string {
  return template.replace(SLOT, (_m, rawName: string | undefined, name: string | undefined) => {
    if (rawName) {
      const value = raw[rawName];
      if (value === undefined) throw new Error(`mail: no raw slot ${rawName}`);
      return value;
    }
    const value = slots[name!];
    if (value === undefined) throw new Error(`mail: no value for {{${name}}}`);
    return encode(value);
  });
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** A person's text as HTML paragraphs: blank lines part them, a single line break stays one. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\r?\n/g, '<br />')}</p>`)
    .join('');

/** The text part: the same blocks, read top to bottom. */
function textPart(
  name: MailTemplateName,
  lang: LanguageCode,
  slots: Record<string, string>,
  lines: { name: string; meta: string }[],
  extra: { bookings: string; body: string },
): string {
  const def = TEMPLATES[name];
  const copy = def.copy[lang];
  const t = (key: string) => fill(copy[key] ?? '', slots, {}, (v) => v);
  const parts: string[] = [t('heading')];
  for (const block of def.blocks) {
    if (block.kind === 'text' || block.kind === 'note') parts.push(t(block.copy));
    else if (block.kind === 'button') parts.push(`${t(block.copy)}:\n${slots[block.href]}`);
    else if (block.kind === 'details')
      parts.push(
        block.rows.map((row) => `${t(row.label)}: ${fill(row.value, slots, {}, (v) => v)}`).join('\n'),
      );
    else if (block.kind === 'bookings') parts.push(extra.bookings);
    else if (block.kind === 'body') parts.push(extra.body);
    else parts.push(lines.map((l) => `• ${l.name}\n  ${l.meta}`).join('\n'));
  }
  parts.push(SIGNATURE[lang], `Excellence Club · ${FOOTER[lang].why}`);
  return `${parts.filter((p) => p.trim() !== '').join('\n\n')}\n`;
}

/**
 * One mail of a template, in the recipient's language: subject, HTML (brand layout, every value
 * escaped), text part and attachments. Links must be http(s). The template's secret slots come back
 * apart (`secrets`), their places in the text and HTML holding `{{secret:<slot>}}`.
 */
export async function renderMail<T extends MailTemplateName>(
  name: T,
  lang: LanguageCode,
  data: MailData[T],
): Promise<RenderedMail> {
  const def = TEMPLATES[name];
  const values = def.slots(data, lang);
  for (const block of def.blocks) {
    if (block.kind === 'button' && !/^https?:\/\//i.test(values[block.href] ?? ''))
      throw new Error(`mail ${name}: the link ${block.href} is not http(s)`);
  }
  // A secret never enters the body: its slot is filled with a placeholder, the value kept apart.
  const secrets: Record<string, string> = {};
  const slots = { ...values };
  for (const slot of def.secrets ?? []) {
    if (values[slot] === undefined) throw new Error(`mail ${name}: no secret slot ${slot}`);
    secrets[slot] = values[slot];
    slots[slot] = secretPlaceholder(slot);
  }
  const lines = def.lines?.(data, lang) ?? [];
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:12px 0;border-bottom:1px solid ${BRAND.rule}"><span style="font-family:${escapeHtml(BRAND.serif)};font-size:18px;color:${BRAND.ink}">${escapeHtml(l.name)}</span><br /><span style="font-size:13px;color:${BRAND.muted}">${escapeHtml(l.meta)}</span></td></tr>`,
    )
    .join('');
  const bookings = def.bookings?.(data) ?? [];
  const body = def.body?.(data).trim() ?? '';
  const raw = {
    lines: rows,
    bookings: bookingsHtml(bookings, lang, escapeHtml, BRAND),
    body: paragraphs(body),
  };
  const html = fill(await compiledHtml(name, lang), slots, raw, escapeHtml);
  return {
    subject: oneLine(fill(def.copy[lang].subject, slots, {}, (v) => v)),
    text: textPart(name, lang, slots, lines, { bookings: bookingsText(bookings, lang), body }),
    html,
    attachments: def.attachments?.(data, lang) ?? [],
    secrets,
  };
}
