import { useSyncExternalStore } from 'react';

/**
 * The member's analytics choice, kept in this browser only (localStorage): it is sent nowhere, and
 * before it is made nothing is sent to the tracker at all.
 */
export type ConsentChoice = 'granted' | 'denied';

export const CONSENT_STORAGE_KEY = 'club.consent';
/** Raise when the purposes asked for change: every member is asked again. */
const CONSENT_VERSION = 1;

type Stored = { analytics: ConsentChoice; version: number; decided_at: string };

type State = { choice: ConsentChoice | null; settingsOpen: boolean };

function readStored(): ConsentChoice | null {
  try {
    const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (stored.version !== CONSENT_VERSION) return null;
    return stored.analytics === 'granted' || stored.analytics === 'denied' ? stored.analytics : null;
  } catch {
    return null;
  }
}

let state: State = { choice: readStored(), settingsOpen: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function getConsent(): ConsentChoice | null {
  return state.choice;
}

/** Stores the choice and tells the tracker (through subscribers); closes the settings. */
export function setConsent(choice: ConsentChoice): void {
  const stored: Stored = {
    analytics: choice,
    version: CONSENT_VERSION,
    decided_at: new Date().toISOString(),
  };
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Private mode without storage: the choice holds for this page load.
  }
  state = { choice, settingsOpen: false };
  emit();
}

/** The footer's "Cookie settings": shows the banner again with the current choice. */
export function openConsentSettings(): void {
  state = { ...state, settingsOpen: true };
  emit();
}

export function closeConsentSettings(): void {
  state = { ...state, settingsOpen: false };
  emit();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentState(): State {
  return useSyncExternalStore(subscribeConsent, () => state);
}

/** Another tab changed the choice: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CONSENT_STORAGE_KEY) return;
    state = { ...state, choice: readStored() };
    emit();
  });
}

/** For tests: forget the in-memory state (after clearing localStorage). */
export function resetConsentForTests(): void {
  state = { choice: readStored(), settingsOpen: false };
  emit();
}
