import type { TSessionUser } from '@club/shared';

/**
 * The gate's session on the device (issue 29, docs/event-day.md "A cold start offline"): the gate
 * remembers the staff member who last opened it online, without the CSRF token (a token is never
 * kept on the device). A phone that is offline when the app starts (a reload, the installed app
 * reopened) cannot ask the server who is signed in: the splash then trusts this memory for the gate
 * alone, for at most a day after it was written, and the gate says so. When the network returns the
 * gate asks the server again (auth/me) before it sends its queue: the queue goes under the real
 * session, or, if that session ended, staff sign in and the queue waits on the device.
 */

const KEY = 'club.gate.session';
/** A day: the event day; an older memory is not trusted. */
export const GATE_SESSION_TRUST_MS = 24 * 60 * 60_000;
const STAFF = new Set(['OPERATOR', 'ADMIN']);

type Saved = { user: TSessionUser; saved_at: number };

/** Kept each time the gate opens with a confirmed session. */
export function rememberGateSession(user: TSessionUser): void {
  if (!STAFF.has(user.type)) return;
  const saved: Saved = { user: { ...user, csrf_token: '' }, saved_at: Date.now() };
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // A full or blocked storage: the gate then needs the network to start.
  }
}

/** Signing out forgets it: the next person at this phone signs in. */
export function forgetGateSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

const isGatePath = (path: string) => /^\/admin\/gate(\/|$|\?|#)/.test(path);

/**
 * The remembered staff member, for a start without network on the gate's address alone; null
 * elsewhere, when nothing is kept, or when it is more than a day old.
 */
export function offlineGateSession(target: string, now = Date.now()): TSessionUser | null {
  if (!isGatePath(target)) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Saved | null;
    if (!saved?.user || !STAFF.has(saved.user.type) || typeof saved.saved_at !== 'number') return null;
    if (now - saved.saved_at > GATE_SESSION_TRUST_MS || saved.saved_at > now + 60_000) return null;
    return saved.user;
  } catch {
    return null;
  }
}

let trusted = false;
const listeners = new Set<() => void>();

/** Whether this page load runs on the remembered session (not yet confirmed by the server). */
export const isTrustedOffline = () => trusted;
export function setTrustedOffline(value: boolean): void {
  trusted = value;
  for (const notify of listeners) notify();
}
export function subscribeTrusted(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}
