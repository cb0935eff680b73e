import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords on zxcvbn-ts's list of common passwords (about 49,000, from public breach corpora):
 * refused whatever their length (`password1234` is 12 characters). Compared case-insensitively;
 * the set is built at the first check.
 */
let common: Set<string> | null = null;

export function commonPasswordProblem(password: string): string | null {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase()) ? 'This password is on a list of common passwords: choose another' : null;
}
