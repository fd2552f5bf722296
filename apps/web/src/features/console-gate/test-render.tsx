import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll } from 'vitest';
import en from './locales/en.json';
import pl from './locales/pl.json';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The gate's component tests' one set-up (issue 29): the gate's texts in both languages, a screen
 * rendered in one of them, and everything unmounted and cleared after each test (`render` and
 * `unmount` also serve a test that renders several screens in turn).
 */
export function gateScreen() {
  const i18n = i18next.createInstance();
  let root: Root | null = null;
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'pl',
      fallbackLng: 'pl',
      resources: { pl: { 'console-gate': pl }, en: { 'console-gate': en } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  });
  const unmount = async () => {
    await act(async () => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  };
  afterEach(unmount);
  const render = async (lang: 'pl' | 'en', element: ReactNode): Promise<HTMLElement> => {
    await i18n.changeLanguage(lang);
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root!.render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>));
    return container;
  };
  return { render, unmount };
}
