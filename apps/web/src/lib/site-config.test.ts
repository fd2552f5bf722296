import { afterEach, describe, expect, it } from 'vitest';
import { legalNoteUrl, siteHomeRoute, siteHomeUrl } from './site-config';

const setMeta = (name: string, content: string) => {
  const tag = document.createElement('meta');
  tag.name = name;
  tag.content = content;
  document.head.append(tag);
};

afterEach(() => {
  for (const tag of document.head.querySelectorAll('meta')) tag.remove();
});

describe('site settings from index.html', () => {
  it('falls back to the sign-in page and the brand legal note without the server meta tags', () => {
    expect(siteHomeUrl()).toBe('/panel/login');
    expect(siteHomeRoute()).toBe('/login');
    expect(legalNoteUrl()).toMatch(/^https:\/\//);
  });

  it('reads SITE_HOME_URL: a page of the app stays in the app, another address is left', () => {
    setMeta('club-site-home', '/panel/home');
    expect(siteHomeRoute()).toBe('/home');
    document.head.querySelector('meta')?.remove();
    setMeta('club-site-home', 'https://club.example/');
    expect(siteHomeUrl()).toBe('https://club.example/');
    expect(siteHomeRoute()).toBeNull();
    setMeta('club-legal-note', 'https://brand.example/legal');
    expect(legalNoteUrl()).toBe('https://brand.example/legal');
  });

  it('gives English members LEGAL_NOTE_URL_EN, falling back to LEGAL_NOTE_URL', () => {
    setMeta('club-legal-note', 'https://brand.example/pl/legal');
    expect(legalNoteUrl('en')).toBe('https://brand.example/pl/legal');
    setMeta('club-legal-note-en', 'https://brand.example/en/legal');
    expect(legalNoteUrl('en')).toBe('https://brand.example/en/legal');
    expect(legalNoteUrl('pl')).toBe('https://brand.example/pl/legal');
  });
});
