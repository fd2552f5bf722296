import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy, passwordPolicyFailures } from './password';

describe('password policy (SPEC.md §5: 8+ characters, upper, lower, digit, special)', () => {
  it('accepts a password that has everything', () => {
    expect(meetsPasswordPolicy('Excellence#2026')).toBe(true);
    expect(meetsPasswordPolicy('Aa1!aaaa')).toBe(true); // exactly 8
    expect(passwordPolicyFailures('Excellence#2026')).toEqual([]);
  });

  it('names each missing part', () => {
    expect(passwordPolicyFailures('Aa1!aaa')).toEqual(['length']);
    expect(passwordPolicyFailures('AAAA1!AAA')).toEqual(['lower']);
    expect(passwordPolicyFailures('aaaa1!aaa')).toEqual(['upper']);
    expect(passwordPolicyFailures('Aaaaa!aaa')).toEqual(['digit']);
    expect(passwordPolicyFailures('Aaaaa1aaa')).toEqual(['special']);
    expect(passwordPolicyFailures('')).toEqual(['length', 'lower', 'upper', 'digit', 'special']);
  });

  it('counts a space or a Polish letter as a special character', () => {
    expect(meetsPasswordPolicy('Zazolc 12')).toBe(true);
    expect(meetsPasswordPolicy('Zażółć12')).toBe(true);
  });
});
