import fs from 'node:fs';
import path from 'node:path';
import { ERROR_MESSAGES, errorMessageKey, fieldErrorKeysOf, formatErrorTemplate, localizeErrorMessage } from './errorMessages';
import { ERROR_TEMPLATES, isErrorTemplateKey, keyedMessage } from './errorTemplates';
import * as contract from './index';

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
  // Field errors and refusals built from values (season overlap, policies, sorts, change control).
  expect(localizeErrorMessage('Overlaps the season "Ember" (2030-01-01 – 2030-02-01): seasons never overlap', 'ja')).toBe(
    'シーズン「Ember」（2030-01-01 – 2030-02-01）と期間が重なっています。シーズンは重複できません',
  );
  expect(localizeErrorMessage('No such API in the catalogue: /a, /b', 'ja')).toBe('カタログにない API です：/a, /b');
  expect(localizeErrorMessage('Type "all battles" to confirm', 'ja')).toBe('確定するには「all battles」と入力してください');
  expect(localizeErrorMessage('Another administrator must approve this request: you requested it', 'ja')).toMatch(/別の管理者/);
  expect(fieldErrorKeysOf({ message: ['Tell players why', 'Something new'] })).toEqual({ message: ['tell_players_why', null] });
});

const repo = path.resolve(__dirname, '../../..');
const SERVICE_SOURCES = ['bff/src', 'points-api/src', 'shared/server/src'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text from an opening bracket at `from` to its match (brackets in strings and template literals skipped). */
function balanced(text: string, from: number): string {
  const open = text[from]!;
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) break;
      i = end;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return text.slice(from, i + 1);
  }
  return text.slice(from);
}

/** A source file without its comment lines (a message quoted in a comment is not sent). */
function codeOf(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

/**
 * Every 409 reason the services give, as source text: the arguments of conflict(…),
 * new ConflictError(…) and new HttpError(409, …), and the bodies of the `frozen` rules and of the
 * functions typed to return an ErrorText (their reason becomes a 409). Comments are left out.
 */
function conflictReasons(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const file of SERVICE_SOURCES.flatMap((dir) => sourceFiles(path.join(repo, dir)))) {
    const text = codeOf(file);
    const rel = path.relative(repo, file);
    for (const m of text.matchAll(/\b(?:conflict|new ConflictError|new HttpError)\((?=[^)]|\))/g)) {
      const args = balanced(text, m.index + m[0].length - 1);
      if (m[0].includes('HttpError') && !/^\(\s*[^,]*\b409\b/.test(args)) continue;
      found.push({ file: rel, text: args });
    }
    // A function that gives a reason for a conflict to throw (`…): ErrorText | null {`): its body.
    for (const m of text.matchAll(/\):\s*ErrorText(?:\s*\|\s*null)?\s*\{/g)) {
      found.push({ file: rel, text: balanced(text, m.index + m[0].length - 1) });
    }
    for (const m of text.matchAll(/\bfrozen(?:For)?\s*(?::\s*\([^)]*\)\s*=>\s*|\([^)]*\)[^{]*)/g)) {
      const start = m.index + m[0].length;
      // An arrow with an expression body runs to the end of the spec property; a block, to its brace.
      found.push({ file: rel, text: text[start] === '{' ? balanced(text, start) : text.slice(start, text.indexOf('\n})', start)) });
    }
  }
  return found;
}

test('a 409 reason built from values has a key: keyedMessage(key, params), never a template literal or a concatenation', () => {
  const reasons = conflictReasons();
  expect(reasons.length).toBeGreaterThan(40);
  const unkeyed = reasons.filter((r) => /`|'\s*\+|\+\s*'/.test(r.text.replace(/keyedMessage\([^)]*\)/g, '')));
  expect(unkeyed.map((r) => `${r.file}: ${r.text.replace(/\s+/g, ' ').slice(0, 120)}`)).toEqual([]);
  expect(reasons.filter((r) => r.text.includes('keyedMessage(')).length).toBeGreaterThanOrEqual(8);
});

test('every reason built from values has the same {placeholders} in Japanese, and Japanese text', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [key, { en, ja }] of Object.entries(ERROR_TEMPLATES)) {
    expect([key, placeholders(ja)]).toEqual([key, placeholders(en)]);
    expect([key, ja.replace(/\{\w+\}/g, '')]).not.toEqual([key, expect.stringMatching(/[a-z]{4,} [a-z]{3,}/)]);
  }
});

test('a keyed reason: the English text the API always answered, the same values in Japanese', () => {
  const message = keyedMessage('this_round_now_has_n_tickets_not_m', { tickets: 5, confirmed: 3 });
  expect(message).toEqual({
    text: 'This round now has 5 tickets, not 3: review the refund and confirm again',
    key: 'this_round_now_has_n_tickets_not_m',
    params: { tickets: 5, confirmed: 3 },
  });
  expect(formatErrorTemplate(message.key, message.params, 'ja')).toBe(
    'このラウンドのチケットは現在 5 枚です（確認時は 3 枚）。返金内容を確認して、もう一度確定してください',
  );
  expect(formatErrorTemplate('this_request_is_already_status', { status: 'applied' }, 'ja')).toBe('このリクエストはすでに「適用済み」です');
  // A reason passed on from another answer is in Japanese when the catalogue knows it.
  expect(formatErrorTemplate('the_operation_was_refused', { reason: 'Tell players why' }, 'ja')).toBe(
    '操作は拒否されました：プレイヤーに理由を伝えてください',
  );
});

test('every fixed 409 reason is in the catalogue, so the Japanese console shows it in Japanese', () => {
  const fixed = new Set<string>();
  for (const { text } of conflictReasons())
    for (const m of text.replace(/keyedMessage\([^)]*\)/g, '').matchAll(/'([A-Z][^']*[a-z][^']{2,})'/g)) fixed.add(m[1]!);
  expect(fixed.size).toBeGreaterThan(20);
  expect([...fixed].filter((message) => errorMessageKey(message) === null)).toEqual([]);
});

/**
 * Every validation message the services write as a literal (the field errors and messages of
 * validationFailed and InvalidInputError, which the console shows beside the fields), keyed ones
 * (keyedMessage) left out. A fixed text is read as is; a template literal with its ${…} as "1",
 * to match its pattern in ERROR_PATTERNS.
 */
function serviceMessages(): { file: string; text: string; built?: true }[] {
  const found: { file: string; text: string; built?: true }[] = [];
  const callee = /\b(?:validationFailed|new InvalidInputError)\(/g;
  for (const file of SERVICE_SOURCES.flatMap((dir) => sourceFiles(path.join(repo, dir)))) {
    const text = codeOf(file);
    const rel = path.relative(repo, file);
    for (const m of text.matchAll(callee)) {
      const args = balanced(text, m.index + m[0].length - 1).replace(/keyedMessage\((?:[^()]|\([^()]*\))*\)/g, '');
      for (const s of args.matchAll(/'([A-Z][^']*[a-z][^']{2,})'/g)) found.push({ file: rel, text: s[1]! });
      for (const s of args.matchAll(/`([^`]*)`/g)) {
        if (/^[A-Z]/.test(s[1]!) && / /.test(s[1]!)) found.push({ file: rel, text: s[1]!.replace(/\$\{[^}]*\}/g, '1'), built: true });
      }
      // A message the contract exports as a constant (BAN_END_IN_THE_PAST): its text.
      for (const s of args.matchAll(/\b[A-Z][A-Z0-9_]{3,}\b/g)) {
        const value = (contract as Record<string, unknown>)[s[0]];
        if (typeof value === 'string' && /^[A-Z].* /.test(value)) found.push({ file: rel, text: value });
      }
    }
  }
  return found;
}

test('every validation message a service writes has a key (and so a Japanese text): fixed, by pattern, or keyedMessage', () => {
  const messages = serviceMessages();
  expect(messages.length).toBeGreaterThan(40);
  expect(messages.map((m) => m.text)).toEqual(expect.arrayContaining([contract.BAN_END_IN_THE_PAST, contract.SCHEDULED_IN_THE_PAST]));
  const unkeyed = messages.filter((m) => errorMessageKey(m.text) === null).map((m) => `${m.file}: ${m.text}`);
  expect(unkeyed).toEqual([]);
  // One with a template is sent by key, its values beside it (fieldErrorParams): keyedMessage(key, params).
  const byText = messages.filter((m) => m.built && isErrorTemplateKey(errorMessageKey(m.text)!)).map((m) => `${m.file}: ${m.text}`);
  expect(byText).toEqual([]);
});

/**
 * Every other message a service sends (401, 403, 404, 429, 4xx by code, domain errors, and the
 * defaults of the error helpers): fixed texts and template literals (their ${…} as "1").
 */
function refusalMessages(): { file: string; text: string; built?: true }[] {
  const found: { file: string; text: string; built?: true }[] = [];
  const callee =
    /\b(?:notFound|forbidden|unauthorized|tooManyRequests|secondFactorRequired|stepUpRequired|new HttpError|new NotFoundError|new DomainError|new ConflictError)\(/g;
  for (const file of SERVICE_SOURCES.flatMap((dir) => sourceFiles(path.join(repo, dir)))) {
    const text = codeOf(file);
    const rel = path.relative(repo, file);
    for (const m of text.matchAll(callee)) {
      const args = balanced(text, m.index + m[0].length - 1).replace(/keyedMessage\((?:[^()]|\([^()]*\))*\)/g, '');
      for (const s of args.matchAll(/'([A-Z][^']* [^']{2,})'/g)) found.push({ file: rel, text: s[1]! });
      for (const s of args.matchAll(/`([^`]*)`/g)) {
        if (/^[A-Z]/.test(s[1]!) && / /.test(s[1]!)) found.push({ file: rel, text: s[1]!, built: true });
      }
    }
    // The helpers' defaults (`(message = 'Not found') =>`).
    for (const s of text.matchAll(/\bmessage(?::\s*\w+)?\s*=\s*'([A-Z][^']*[a-z][^']{2,})'/g)) found.push({ file: rel, text: s[1]! });
  }
  return found;
}

test('every other message a service sends (401, 403, 404, 429, refusals) has a key, so the console shows it in its language', () => {
  const messages = refusalMessages();
  expect(messages.length).toBeGreaterThan(40);
  expect(messages.map((m) => m.text)).toEqual(expect.arrayContaining(['Not found', 'Sign in to continue']));
  // A value in a built message is a number or a word: keyed if either reading has a key.
  const keyed = (m: { text: string; built?: true }) =>
    m.built
      ? ['1', 'approve'].some((value) => errorMessageKey(m.text.replace(/\$\{[^}]*\}/g, value)) !== null)
      : errorMessageKey(m.text) !== null;
  expect(messages.filter((m) => !keyed(m)).map((m) => `${m.file}: ${m.text}`)).toEqual([]);
  expect(localizeErrorMessage('This news article does not exist', 'ja')).toBe('このレコードは存在しません');
  expect(localizeErrorMessage('This player does not exist', 'ja')).toBe('このプレイヤーは存在しません');
});
