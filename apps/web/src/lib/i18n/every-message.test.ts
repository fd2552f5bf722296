import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consentTexts } from '@club/shared/consents';
import { validationMessages } from '@club/shared/i18n/validation';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * Every message of both languages, rendered with the parameters its Polish text (the default
 * language) asks for, must leave no placeholder: a name that differs between the languages, a
 * broken "{{ }}" or a nesting that does not resolve would reach the member as raw "{{name}}".
 * Walks the web's catalogues (common, every feature), the shared validation catalogue and every
 * catalogue of the server.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const featuresDir = path.join(here, '../../features');
type Tree = Record<string, unknown>;
type Catalogues = Record<string, { pl: Tree; en: Tree }>;

const readJson = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function webCatalogues(): Catalogues {
  const out: Catalogues = {
    'web:common': {
      pl: readJson(path.join(here, 'locales/pl.json')),
      en: readJson(path.join(here, 'locales/en.json')),
    },
  };
  for (const feature of readdirSync(featuresDir)) {
    const folder = path.join(featuresDir, feature, 'locales');
    try {
      out[`web:${feature}`] = {
        pl: readJson(path.join(folder, 'pl.json')),
        en: readJson(path.join(folder, 'en.json')),
      };
    } catch {
      // A feature without texts of its own.
    }
  }
  return out;
}

const serverFiles = import.meta.glob<Record<string, { pl: Tree; en: Tree }>>(
  ['../../../../server/src/modules/*/messages.ts', '../../../../server/src/i18n/common-messages.ts'],
  { eager: true },
);
function serverCatalogues(): Catalogues {
  const out: Catalogues = {};
  for (const [file, module] of Object.entries(serverFiles)) {
    for (const [name, catalogue] of Object.entries(module))
      out[`server:${path.basename(path.dirname(file))}:${name}`] = catalogue;
  }
  return out;
}

const catalogues: Catalogues = {
  ...webCatalogues(),
  validation: { pl: validationMessages.pl, en: validationMessages.en },
  consents: { pl: consentTexts.pl, en: consentTexts.en },
  ...serverCatalogues(),
};

const PLURAL = /_(zero|one|two|few|many|other)$/;
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Tree, key)) out.set(kk, vv);
  }
  return out;
}
/** The parameter names a text asks for: "{{amount}}", "{{date, datetime}}", "{{- name}}". */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*-?\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '');

describe('every message of both languages', () => {
  it('walks the server catalogues too', () => {
    expect(Object.keys(catalogues).filter((n) => n.startsWith('server:')).length).toBeGreaterThanOrEqual(9);
  });

  it.each(Object.keys(catalogues))('%s: same keys in Polish and English', (name) => {
    const { pl, en } = catalogues[name]!;
    const bases = (t: Tree) => [...new Set([...flatten(t).keys()].map((k) => k.replace(PLURAL, '')))].sort();
    expect(bases(en)).toEqual(bases(pl));
  });

  it.each(Object.keys(catalogues))('%s: no placeholder is left once its parameters are given', (name) => {
    const { pl, en } = catalogues[name]!;
    const i18n = i18next.createInstance();
    void i18n.init({
      resources: { pl: { translation: pl }, en: { translation: en } },
      lng: 'pl',
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    const plFlat = flatten(pl);
    const left: string[] = [];
    for (const base of new Set([...plFlat.keys()].map((k) => k.replace(PLURAL, '')))) {
      const params: Record<string, unknown> = {};
      let plural = false;
      for (const [key, text] of plFlat) {
        if (key.replace(PLURAL, '') !== base) continue;
        plural ||= key !== base;
        for (const p of placeholders(text)) params[p] = `«${p}»`;
      }
      for (const lng of ['pl', 'en'] as const) {
        // Plural keys are rendered at each Polish form (one, few, many) with the amount as the count.
        for (const count of plural || 'count' in params ? [1, 2, 5] : [undefined]) {
          const options =
            count === undefined
              ? params
              : { ...params, count, ...('amount' in params ? { amount: count } : {}) };
          const text = String(i18n.getFixedT(lng)(base, options));
          if (/\{\{|\}\}|\$t\(/.test(text) || text === base) left.push(`${lng} ${base}: ${text}`);
        }
      }
    }
    expect(left).toEqual([]);
  });
});
