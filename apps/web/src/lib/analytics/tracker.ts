import { getConsent, subscribeConsent } from './consent';
import {
  type AnalyticsSettings,
  giveConsentCommands,
  type MatomoCommand,
  setupCommands,
  withdrawConsentCommands,
} from './events';

declare global {
  interface Window {
    /** Matomo's command queue: an array until matomo.js loads, then its own object with push(). */
    _paq?: { push: (command: MatomoCommand) => unknown };
  }
}

type Status = { kind: 'pending' } | { kind: 'off' } | { kind: 'on'; url: string; siteId: number };

/**
 * The one gate between the app and Matomo. matomo.js is loaded only after the member accepts (so
 * not even the script request reaches the Matomo server before that), is set up to require consent
 * and cookie consent anyway, and gets consent given or withdrawn as the member's choice changes.
 * Events before the settings are known wait in a small buffer; without consent they are dropped.
 */
let status: Status = { kind: 'pending' };
let loaded = false;
let consentGiven = false;
const buffer: MatomoCommand[] = [];

const push = (commands: MatomoCommand[]) => {
  const queue = window._paq ?? ([] as MatomoCommand[]);
  window._paq = queue;
  for (const command of commands) queue.push(command);
};

function load(url: string, siteId: number) {
  push(setupCommands(url, siteId));
  const script = document.createElement('script');
  script.async = true;
  script.src = `${url}/matomo.js`;
  script.dataset.analytics = 'matomo';
  document.head.appendChild(script);
  loaded = true;
}

function sync() {
  if (status.kind !== 'on') return;
  if (getConsent() === 'granted') {
    if (!loaded) load(status.url, status.siteId);
    if (!consentGiven) {
      push(giveConsentCommands());
      consentGiven = true;
    }
    push(buffer.splice(0));
  } else {
    buffer.length = 0;
    if (consentGiven) {
      push(withdrawConsentCommands());
      consentGiven = false;
    }
  }
}

subscribeConsent(sync);

/** Called once with the server's settings; no URL or site id means nothing is ever loaded. */
export function configureAnalytics(settings: AnalyticsSettings): void {
  if (status.kind !== 'pending') return;
  status =
    settings.matomo_url && settings.site_id
      ? { kind: 'on', url: settings.matomo_url.replace(/\/+$/, ''), siteId: settings.site_id }
      : { kind: 'off' };
  if (status.kind === 'off') buffer.length = 0;
  sync();
}

export const analyticsEnabled = (): boolean | null =>
  status.kind === 'pending' ? null : status.kind === 'on';

/** Whether an event made now would be sent (or queued): worth preparing it. */
export const willSend = (): boolean => getConsent() === 'granted' && status.kind !== 'off';

/** Sends (or, before the settings arrive, queues) commands; false when they were dropped. */
export function send(commands: MatomoCommand[]): boolean {
  if (getConsent() !== 'granted' || status.kind === 'off') return false;
  if (status.kind === 'pending') buffer.push(...commands);
  else push(commands);
  return true;
}

/** For tests: back to the state of a fresh page load. */
export function resetTrackerForTests(): void {
  status = { kind: 'pending' };
  loaded = false;
  consentGiven = false;
  buffer.length = 0;
  delete window._paq;
  for (const s of document.querySelectorAll('script[data-analytics]')) s.remove();
}
