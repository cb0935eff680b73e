import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { localizeErrorMessage } from './errorMessages';
import { rangedInt } from './gameBalance';
import { itemQuantityRowSchema } from './items';
import { pointsAdjustmentSchema } from './pointAccounts';
import { pointsAmountSchema } from './pointsSettings';
import { shopItemCreateSchema } from './shop';

/** The first message a form shows for a field: its first issue's. */
const firstMessage = (schema: z.ZodType, value: unknown, field?: string): string | undefined => {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issues = field === undefined ? result.error.issues : result.error.issues.filter((issue) => issue.path[0] === field);
  return issues[0]?.message;
};

/** What a form's number field sends for "99999999999999999999" (it reads as 1e20). */
const TWENTY_NINES = Number('99999999999999999999');

test('a number too large for a whole number says it is too large, not that it is not whole', () => {
  const adjust = (amount: number) => firstMessage(pointsAdjustmentSchema, { amount, reason: 'Support ticket' }, 'amount');
  expect(adjust(TWENTY_NINES)).toBe('At most 1,000,000,000 points');
  expect(adjust(-TWENTY_NINES)).toBe('At most 1,000,000,000 points');
  expect(adjust(1e300)).toBe('At most 1,000,000,000 points');
  expect(adjust(2.5)).toBe('Points are whole numbers');
  expect(adjust(12)).toBeUndefined();

  expect(firstMessage(pointsAmountSchema, TWENTY_NINES)).toBe('At most 1,000,000,000 points');
  expect(firstMessage(pointsAmountSchema, -TWENTY_NINES)).toBe('Points cannot be negative');
  expect(firstMessage(pointsAmountSchema, 0.5)).toBe('Points are whole numbers');
  expect(firstMessage(itemQuantityRowSchema, { itemId: 1, quantity: TWENTY_NINES }, 'quantity')).toBe('The quantity is at most 1,000,000');
  expect(firstMessage(rangedInt('Max energy', 1, 1000), TWENTY_NINES)).toBe('Max energy is a whole number from 1 to 1,000');
  const price = firstMessage(shopItemCreateSchema, { price: TWENTY_NINES }, 'price');
  expect(price).toMatch(/^The price is at most/);

  // In both languages.
  expect(localizeErrorMessage('At most 1,000,000,000 points', 'ja')).toBe('1,000,000,000 ポイント以下です');
});

test('every whole-number message of the contract is given through wholeNumber(), in a schema with a max', () => {
  // zod's .int() also refuses integers past 2^53 with its message: the bounds must speak there.
  const found: string[] = [];
  let checked = 0;
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    // Comments left out (blanked, so line numbers hold).
    const text = fs
      .readFileSync(path.join(__dirname, file), 'utf8')
      .split('\n')
      .map((l) => (/^\s*(\/\/|\/\*|\*)/.test(l) ? '' : l))
      .join('\n');
    const line = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
    for (const m of text.matchAll(/\.int\((?!\))/g)) found.push(`${line(m.index)}: .int() with a message, not wholeNumber()`);
    for (const m of text.matchAll(/\.check\(wholeNumber\(/g)) {
      checked++;
      // The rest of the chain, to the end of its property or statement, has the upper bound.
      const chain = text.slice(m.index, m.index + 400).split(/,\n|;\n|\n\s*\)/)[0]!;
      if (!/\.max\(|\.refine\(/.test(chain)) found.push(`${line(m.index)} without a max`);
    }
  }
  expect(checked).toBeGreaterThan(25);
  expect(found).toEqual([]);
});
