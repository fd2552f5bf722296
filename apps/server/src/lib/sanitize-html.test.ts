import { describe, expect, it } from 'vitest';
import { sanitizeHtml, storableHtml } from './sanitize-html';

describe('sanitizeHtml (the rules of the member pages, applied before storing)', () => {
  it('keeps the structure the editor makes', () => {
    const html =
      '<h2>Track day</h2><p><strong>Bold</strong> and <em>italic</em></p><ul><li>one</li></ul><ol><li>two</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, javascript: links, styles and forms', () => {
    const out = sanitizeHtml(
      '<p onclick="alert(1)" style="color:red">a<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">b</a><form><input></form><iframe src="https://e.x"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|style=|<form|<input|<iframe/i);
    expect(out).toContain('<p>a</p>');
  });

  it('makes every link open in a new tab without the opener', () => {
    expect(sanitizeHtml('<a href="https://club.example/x" target="_self">more</a>')).toBe(
      '<a href="https://club.example/x" target="_blank" rel="noopener noreferrer">more</a>',
    );
  });
});

describe('storableHtml', () => {
  it('stores an empty editor as nothing', () => {
    expect(storableHtml('<p></p>')).toBe('');
    expect(storableHtml('<p> &nbsp;</p><script>x</script>')).toBe('');
    expect(storableHtml('<p>x</p>')).toBe('<p>x</p>');
  });
});
