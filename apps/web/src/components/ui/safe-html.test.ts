import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('drops scripts and event handlers', () => {
    const out = sanitizeHtml(
      '<p>Hi<script>window.pwned=1</script><img src="x" onerror="window.pwned=1"></p>',
    );
    expect(out).not.toMatch(/script|onerror/i);
    expect(out).toContain('<p>Hi');
    const host = document.createElement('div');
    host.innerHTML = out;
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('drops javascript: links, frames and inline styles', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)">x</a><iframe src="https://e.example"></iframe><p style="position:fixed">y</p>',
    );
    expect(out).not.toMatch(/javascript:|iframe|style=/i);
  });

  it('opens links in a new tab with noopener noreferrer', () => {
    const out = sanitizeHtml('<p><a href="https://club.example/x" target="_self">more</a></p>');
    const host = document.createElement('div');
    host.innerHTML = out;
    const a = host.querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.getAttribute('href')).toBe('https://club.example/x');
  });

  it('keeps the structure of server sections', () => {
    expect(sanitizeHtml('<section><h2>T</h2><ul><li>a</li></ul></section>')).toBe(
      '<section><h2>T</h2><ul><li>a</li></ul></section>',
    );
  });
});
