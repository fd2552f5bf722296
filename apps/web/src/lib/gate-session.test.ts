import type { TSessionUser } from '@club/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetGateSession,
  GATE_SESSION_TRUST_MS,
  offlineGateSession,
  rememberGateSession,
} from './gate-session';

const staff = {
  id: 7,
  name: 'Marta',
  surname: 'Nowak',
  type: 'OPERATOR',
  csrf_token: 'secret-token',
  language_code: 'pl',
} as unknown as TSessionUser;

describe('the gate session kept on the device', () => {
  afterEach(() => forgetGateSession());

  it('starts the gate alone, without the CSRF token, for a day', () => {
    rememberGateSession(staff);
    const now = Date.now();
    expect(offlineGateSession('/admin/gate', now)).toMatchObject({ id: 7, csrf_token: '' });
    expect(offlineGateSession('/admin/gate/door-list', now)?.id).toBe(7);
    expect(offlineGateSession('/admin', now)).toBeNull();
    expect(offlineGateSession('/admin/gateway', now)).toBeNull();
    expect(offlineGateSession('/admin/members', now)).toBeNull();
    expect(offlineGateSession('/admin/gate', now + GATE_SESSION_TRUST_MS + 1000)).toBeNull();
    expect(localStorage.getItem('club.gate.session')).not.toContain('secret-token');
  });

  it('keeps no member and forgets at sign-out', () => {
    rememberGateSession({ ...staff, type: 'CUSTOMER' } as TSessionUser);
    expect(offlineGateSession('/admin/gate')).toBeNull();
    rememberGateSession(staff);
    forgetGateSession();
    expect(offlineGateSession('/admin/gate')).toBeNull();
  });
});
