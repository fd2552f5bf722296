import { formatMoney } from '@club/shared/money';

/**
 * The audit log in words (issue 28): the rows keep the server's codes and snapshots; the screen shows
 * translated actions, entity types and field names, the entity's own name where it has one, and
 * money as money.
 */

/** `grossGrosze` and `gross_grosze` alike: the locales' field keys are snake case. */
export const fieldKey = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A field name nobody translated yet: its words, without the code's underscores. */
export const plainWords = (key: string) => {
  const words = fieldKey(key)
    .replace(/_grosze$/, '')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const MONEY_PLN = new Set(['price', 'amount', 'total', 'refunded', 'discount', 'subtotal']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One snapshot value as staff read it: money formatted, times in the club's time, lists joined. */
export function auditValue(
  key: string,
  value: unknown,
  language: string,
  words: { yes: string; no: string; none: string },
  when: Intl.DateTimeFormat,
): string {
  if (value === null || value === undefined || value === '') return words.none;
  const k = fieldKey(key);
  if (typeof value === 'number' && k.endsWith('_grosze')) return formatMoney(value / 100, language);
  if (typeof value === 'number' && MONEY_PLN.has(k)) return formatMoney(value, language);
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return when.format(new Date(value));
  if (Array.isArray(value))
    return value.length ? value.map((v) => itemText(v, language)).join(', ') : words.none;
  if (typeof value === 'object') return itemText(value, language);
  return String(value);
}

/** A list item (a term, a photo) by its name, caption or file; a plain value as it is. */
function itemText(item: unknown, language: string): string {
  if (item === null || typeof item !== 'object') return String(item);
  const o = item as Record<string, unknown>;
  const en = language === 'en';
  for (const key of [
    en ? 'name_en' : 'name_pl',
    'name',
    en ? 'caption_en' : 'caption_pl',
    'file',
    'url',
    'id',
  ]) {
    const v = o[key];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v);
  }
  return JSON.stringify(item);
}

type Snapshot = Record<string, unknown>;
const asSnapshot = (v: unknown): Snapshot =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Snapshot) : {};

/** The entity's own name from its snapshot (after, else before): name, code, number, e-mail, question. */
export function entityName(before: unknown, after: unknown, language: string): string | null {
  const en = language === 'en';
  for (const s of [asSnapshot(after), asSnapshot(before)]) {
    const pick = (...keys: string[]) => {
      for (const key of keys) {
        const v = s[key];
        if (typeof v === 'string' && v.trim()) return v.trim();
      }
      return null;
    };
    const name =
      pick(en ? 'name_en' : 'name_pl', en ? 'nameEn' : 'namePl', 'name_pl', 'name_en', 'name') ??
      pick(en ? 'question_en' : 'question_pl', 'question_pl', 'title_pl', 'title') ??
      pick('code', 'number', 'email', 'subject');
    if (name) return name;
  }
  return null;
}

/** Every field of either snapshot, the changed ones first. */
export function auditFields(before: unknown, after: unknown): { key: string; changed: boolean }[] {
  const b = asSnapshot(before);
  const a = asSnapshot(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changed = (k: string) => JSON.stringify(b[k]) !== JSON.stringify(a[k]);
  return [...keys.filter(changed), ...keys.filter((k) => !changed(k))].map((key) => ({
    key,
    changed: changed(key),
  }));
}

export const snapshotValue = (snapshot: unknown, key: string) => asSnapshot(snapshot)[key];
