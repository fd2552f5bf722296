/**
 * `npm run privacy:register`: writes the register of processing (modules/privacy/register.ts) into
 * docs/privacy.md between its markers. register.test.ts fails while the page differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { registerMarkdown } from '../modules/privacy/register';
import { REGISTER_END, REGISTER_START } from '../modules/privacy/register-page';

const file = new URL('../../../../docs/privacy.md', import.meta.url);
const page = await readFile(file, 'utf8');
const start = page.indexOf(REGISTER_START);
const end = page.indexOf(REGISTER_END);
if (start < 0 || end < start) throw new Error(`docs/privacy.md has no ${REGISTER_START} … ${REGISTER_END}`);
await writeFile(
  file,
  `${page.slice(0, start + REGISTER_START.length)}\n\n${registerMarkdown()}\n\n${page.slice(end)}`,
);
console.log('docs/privacy.md: register written');
