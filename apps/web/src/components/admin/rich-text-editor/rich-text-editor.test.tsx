import type { Editor } from '@tiptap/react';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { isAllowedLink, RichTextEditor } from './rich-text-editor';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
let changes: string[];

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Answer"
      labelText="Answer"
      value={value}
      contentLang="en"
      onChange={(html) => {
        changes.push(html);
        setValue(html);
      }}
    />
  );
}

async function render(initial?: string) {
  await act(async () => root.render(<Field initial={initial} />));
}
const textbox = () => host.querySelector<HTMLElement & { editor: Editor }>('[role="textbox"]')!;
const button = (name: string) => host.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const click = (el: HTMLElement) =>
  act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });

beforeEach(async () => {
  await i18next.changeLanguage('en');
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  changes = [];
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('RichTextEditor', () => {
  it('is a labelled, multi-line text box in the text language, with a named toolbar', async () => {
    await render('<p>Hello</p>');
    const box = textbox();
    const labelId = box.getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelId)?.textContent).toBe('Answer');
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('lang')).toBe('en');
    const toolbar = host.querySelector('[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).toBe('Formatting: Answer');
    for (const name of ['Paragraph', 'Heading', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link'])
      expect(button(name), name).not.toBeNull();
    expect(button('Bold').getAttribute('aria-keyshortcuts')).toBe('Control+B');
    expect(box.innerHTML).toContain('Hello');
  });

  it('makes the selected text bold and a list, and reports the HTML', async () => {
    await render('<p>Hello</p>');
    await act(async () => textbox().editor.commands.selectAll());
    await click(button('Bold'));
    expect(changes.at(-1)).toBe('<p><strong>Hello</strong></p>');
    expect(button('Bold').getAttribute('aria-pressed')).toBe('true');
    await click(button('Bulleted list'));
    expect(changes.at(-1)).toBe('<ul><li><p><strong>Hello</strong></p></li></ul>');
  });

  it('reports an emptied editor as an empty string', async () => {
    await render('<p>Hello</p>');
    await act(async () => textbox().editor.commands.clearContent(true));
    expect(changes.at(-1)).toBe('');
  });

  it('refuses a javascript: link and makes an https one', async () => {
    await render('<p>Club</p>');
    await act(async () => textbox().editor.commands.selectAll());
    await click(button('Link'));
    const input = host.querySelector<HTMLInputElement>('input[inputmode="url"]')!;
    const type = (text: string) =>
      act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type('javascript:alert(1)');
    await click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Insert link')!);
    expect(host.querySelector('[role="alert"]')?.textContent).toMatch(/https:\/\//);
    expect(changes.join('')).not.toContain('javascript');
    await type('https://club.example/x');
    await click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Insert link')!);
    expect(changes.at(-1)).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://club.example/x">Club</a></p>',
    );
  });

  it('moves between toolbar buttons with the arrow keys (one tab stop)', async () => {
    await render();
    const buttons = [...host.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    await act(async () => {
      buttons[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(document.activeElement).toBe(buttons[1]);
    await act(async () => {
      buttons[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    });
    expect(document.activeElement).toBe(buttons.at(-1));
  });

  it('accepts only web, mail and phone addresses', () => {
    expect(isAllowedLink('https://club.example')).toBe(true);
    expect(isAllowedLink('mailto:club@example.com')).toBe(true);
    expect(isAllowedLink('tel:+48 22 000 00 00')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('data:text/html,x')).toBe(false);
  });
});

describe('its texts', () => {
  it('exist in Polish and English alike', async () => {
    const pl = await import('./pl.json');
    const en = await import('./en.json');
    expect(Object.keys(en.default).sort()).toEqual(Object.keys(pl.default).sort());
  });
});
