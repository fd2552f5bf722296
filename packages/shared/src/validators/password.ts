import { PASSWORD_MIN } from '../constants';

/** SPEC.md §5 password hint: 8+ characters, upper and lower case, a digit and a special character. */
export function passwordPolicyFailures(password: string): string[] {
  const failures: string[] = [];
  if (password.length < PASSWORD_MIN) failures.push('length');
  if (!/[a-z]/.test(password)) failures.push('lower');
  if (!/[A-Z]/.test(password)) failures.push('upper');
  if (!/\d/.test(password)) failures.push('digit');
  if (!/[^A-Za-z0-9]/.test(password)) failures.push('special');
  return failures;
}

export const meetsPasswordPolicy = (password: string): boolean =>
  passwordPolicyFailures(password).length === 0;
