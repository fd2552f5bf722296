import { describe, expect, it } from 'vitest';
import { plainHtml } from './light-html';

describe('plainHtml', () => {
  it('keeps simple markup without attributes as it is', () => {
    expect(plainHtml('<p>Runda <strong>1</strong><br>cyklu</p><ul><li>a</li></ul>')).toBe(
      '<p>Runda <strong>1</strong><br>cyklu</p><ul><li>a</li></ul>',
    );
    expect(plainHtml('tekst &lt;b&gt; &amp;')).toBe('tekst &lt;b&gt; &amp;');
  });

  it('sends anything else to DOMPurify', () => {
    for (const html of [
      '<p>Hi<script>window.pwned=1</script></p>',
      '<img src="x" onerror="window.pwned=1">',
      '<p onclick="x()">a</p>',
      '<p style="position:fixed">a</p>',
      '<a href="https://club.example">x</a>',
      '<svg><p>x</p></svg>',
      '<math><mi>x</mi></math>',
      '<style>p{}</style>',
      '<script>window.pwned=1</script><p>a</p>',
      '<!-- x --><p>a</p>',
      '<title>x</title><p>a</p>',
      '<iframe src="https://e.example"></iframe>',
      '<p><!-- note --></p>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
      '<form><button>x</button></form>',
    ]) {
      expect(plainHtml(html), html).toBeNull();
    }
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });
});
