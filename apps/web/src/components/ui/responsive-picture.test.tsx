import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsivePicture } from './responsive-picture';

const srcset = '/panel/media/a-480w.webp 480w, /panel/media/a.webp 1600w';
const phoneSrcset = '/panel/media/a-mobile-480w.webp 480w, /panel/media/a-mobile.webp 750w';

describe('ResponsivePicture', () => {
  it('gives the phone crop and the picture each its srcset and sizes', () => {
    const html = renderToStaticMarkup(
      <ResponsivePicture
        picture={{ url: '/panel/media/a.webp', srcset, sizes: '400px' }}
        phone={{ url: '/panel/media/a-mobile.webp', srcset: phoneSrcset, sizes: '100vw' }}
        alt="Track day"
      />,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const source = doc.querySelector('picture > source')!;
    expect(source.getAttribute('media')).toBe('(max-width: 600px)');
    expect(source.getAttribute('srcset')).toBe(phoneSrcset);
    expect(source.getAttribute('sizes')).toBe('100vw');
    const img = doc.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe('/panel/media/a.webp');
    expect(img.getAttribute('srcset')).toBe(srcset);
    expect(img.getAttribute('sizes')).toBe('400px');
    expect(img.getAttribute('alt')).toBe('Track day');
  });

  it('without variants keeps the plain file (no sizes), and draws nothing without a picture', () => {
    const html = renderToStaticMarkup(
      <ResponsivePicture
        picture={{ url: '/panel/media/up.webp', srcset: null, sizes: '400px' }}
        phone={{ url: null, sizes: '100vw' }}
      />,
    );
    expect(html).toBe('<picture><img src="/panel/media/up.webp" alt=""/></picture>');
    expect(renderToStaticMarkup(<ResponsivePicture picture={{ url: null, sizes: '1px' }} />)).toBe('');
  });
});
