import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: read aloud or copied by hand without mistakes.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** A random one-time password (20 characters from 56, ≈116 bits), grouped for reading: 'aB3de-…'. */
export function newOneTimePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
