import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSafeHtml } from './light-html';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let seen: string | null | undefined;

function Probe({ html }: { html: string | null }) {
  seen = useSafeHtml(html);
  return null;
}

/** Renders the hook and waits until DOMPurify's chunk has arrived (the hook then renders again). */
async function render(html: string | null) {
  await act(async () => root.render(<Probe html={html} />));
  for (let i = 0; i < 50 && seen === null; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

beforeEach(() => {
  root = createRoot(document.createElement('div'));
  seen = undefined;
});
afterEach(() => act(() => root.unmount()));

describe('useSafeHtml', () => {
  it('sanitises every description with DOMPurify, plain markup included', async () => {
    await render('<p onclick="window.pwned=1">Runda <strong>1</strong></p>');
    expect(seen).toBe('<p>Runda <strong>1</strong></p>');
    await render('<p>a<img src="x" onerror="window.pwned=1"><script>window.pwned=1</script></p>');
    expect(seen).toBe('<p>a<img src="x"></p>');
    await render('<a href="https://club.example">x</a>');
    expect(seen).toBe('<a href="https://club.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('gives an empty string for no HTML, without waiting for the sanitiser', async () => {
    await act(async () => root.render(<Probe html={null} />));
    expect(seen).toBe('');
  });
});
