import fs from 'node:fs';
import path from 'node:path';
import { ERROR_MESSAGES, errorMessageKey, fieldErrorKeysOf, localizeErrorMessage } from './errorMessages';

/** Every fixed message written in a contract schema (`message: '…'`, `.min(1, '…')`, `({ message: '…' })`). */
function schemaMessages(): string[] {
  const dir = __dirname;
  const found = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'errorMessages.ts')) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/(?:message: |, |\(|null : |return |\? )'([A-Z][^']*[a-z][^']{2,})'/g)) found.add(match[1]!);
  }
  return [...found];
}

test('every message of the contract schemas has a key and a Japanese text', () => {
  const messages = schemaMessages();
  expect(messages.length).toBeGreaterThan(150);
  expect(messages.filter((m) => errorMessageKey(m) === null)).toEqual([]);
  for (const m of messages) expect(localizeErrorMessage(m, 'ja')).not.toMatch(/[a-z]{4,} [a-z]{3,}/);
});

test('messages with values keep them in Japanese; English stays English; unknown text is left alone', () => {
  expect(localizeErrorMessage('Tell players why', 'ja')).toBe(ERROR_MESSAGES.tell_players_why.ja);
  expect(localizeErrorMessage('Tell players why', 'en')).toBe('Tell players why');
  expect(localizeErrorMessage('At most 100,000 player ids at a time', 'ja')).toBe('一度に指定できるプレイヤー ID は 100,000 件までです');
  expect(localizeErrorMessage('Player ids are whole numbers from 1 to 2147483647 (not 2.5, -3 and 1 more)', 'ja')).toBe(
    'プレイヤー ID は 1 から 2147483647 までの整数です（2.5, -3 ほか 1 件 は不可）',
  );
  expect(localizeErrorMessage('Name is at most 100 characters', 'ja')).toBe('名前は 100 文字以内です');
  expect(localizeErrorMessage('Something new', 'ja')).toBe('Something new');
  expect(fieldErrorKeysOf({ message: ['Tell players why', 'Something new'] })).toEqual({ message: ['tell_players_why', null] });
});
