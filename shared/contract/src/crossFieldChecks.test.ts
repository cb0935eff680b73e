import type { z } from 'zod';
import { maintenanceUpdateSchema } from './maintenance';
import { newsCreateSchema } from './news';
import { playerBanSchemaAt, playerBulkBanSchemaAt } from './players';
import { pointsTaskCreateSchema } from './pointsTasks';
import { presentCreateSchema } from './presents';
import { seasonCreateSchema } from './seasons';
import { shopItemCreateSchema, shopItemUpdateSchema } from './shop';
import { worldMessageCreateSchema } from './worldMessages';

/** Every message by field, as the API's fieldErrors and the form show them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const errors: Record<string, string[]> = {};
  for (const issue of result.success ? [] : result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

const START = '2030-02-01T00:00:00Z';
const BEFORE = '2030-01-01T00:00:00Z';

describe('a cross-field date error is said at once with the field errors, not after they are fixed', () => {
  test('shop: the sale end before its start, with a missing price and item', () => {
    const errors = errorsOf(shopItemCreateSchema, { quantity: 1, currency: 'coin', saleStart: START, saleEnd: BEFORE });
    expect(errors.saleEnd).toEqual(['The sale end must be after its start']);
    expect(errors.price).toEqual(['Enter a price']);
    expect(errors.itemId).toEqual(['Pick an item']);
    // On the update too (version missing), and a fractional price (an aborting check) does not hide it.
    const update = errorsOf(shopItemUpdateSchema, {
      itemId: 1,
      quantity: 1,
      price: 2.5,
      currency: 'coin',
      saleStart: START,
      saleEnd: BEFORE,
    });
    expect(update.saleEnd).toEqual(['The sale end must be after its start']);
    expect(update.price).toEqual(['The price is a whole number']);
    expect(update.version).toBeDefined();
    // Not said when the dates are in order, nor when a date is not a date (its own error says so).
    expect(errorsOf(shopItemCreateSchema, { saleStart: BEFORE, saleEnd: START }).saleEnd).toBeUndefined();
    expect(errorsOf(shopItemCreateSchema, { saleStart: 5, saleEnd: BEFORE }).saleEnd).toBeUndefined();
    expect(errorsOf(shopItemCreateSchema, { saleStart: 'soon', saleEnd: BEFORE }).saleEnd).toBeUndefined();
  });

  test('ban: an end in the past with a missing reason, for one player and for several', () => {
    const now = () => new Date('2030-01-15T00:00:00Z');
    expect(errorsOf(playerBanSchemaAt(now), { reason: '', endsAt: BEFORE })).toEqual({
      reason: ['Give a reason'],
      endsAt: ['The end of a ban must be in the future'],
      version: [expect.any(String)],
    });
    expect(errorsOf(playerBulkBanSchemaAt(now), { ids: [1], endsAt: BEFORE })).toEqual({
      reason: [expect.any(String)],
      endsAt: ['The end of a ban must be in the future'],
    });
    expect(errorsOf(playerBanSchemaAt(now), { reason: 'Spam', endsAt: START, version: 1 })).toEqual({});
    expect(errorsOf(playerBanSchemaAt(now), { reason: 'Spam', endsAt: null, version: 1 })).toEqual({});
  });

  test('every other period of the contract: its end error beside a missing field', () => {
    const cases: [z.ZodType, Record<string, unknown>, string, string][] = [
      [newsCreateSchema, { publishStart: START, publishEnd: BEFORE }, 'publishEnd', 'Publish end must be after publish start'],
      [worldMessageCreateSchema, { displayStart: START, displayEnd: BEFORE }, 'displayEnd', 'Display end must be after display start'],
      [presentCreateSchema, { startsAt: START, endsAt: BEFORE }, 'endsAt', 'The end must be after the start'],
      [seasonCreateSchema, { startsAt: START, endsAt: BEFORE }, 'endsAt', 'The end must be after the start'],
      [pointsTaskCreateSchema, { startsAt: START, endsAt: BEFORE }, 'endsAt', 'The end must be after the start'],
      [maintenanceUpdateSchema, { plannedStart: START, plannedEnd: BEFORE }, 'plannedEnd', 'Planned end must be after planned start'],
    ];
    for (const [schema, value, field, message] of cases) {
      const errors = errorsOf(schema, value);
      expect([field, errors[field]]).toEqual([field, [message]]);
      expect(Object.keys(errors).length).toBeGreaterThan(1);
    }
  });
});
