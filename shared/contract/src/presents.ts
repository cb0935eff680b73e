import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, endAfterStart, optionalQueryEnum } from './fields';
import { itemQuantityRowSchema, noItemTwice } from './items';
import { lazy } from './lazy';

/** Derived from the claim period and the server clock: upcoming, claimable (start ≤ now < end), ended. */
export const PRESENT_STATUSES = ['upcoming', 'claimable', 'ended'] as const;
export type PresentStatus = (typeof PRESENT_STATUSES)[number];
export const PRESENT_ITEMS_MAX = 20;

const presentFields = lazy(() =>
  z.object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
    description: z.string().max(1000, 'Description is at most 1,000 characters').default(''),
    /** A player can claim it from startsAt until endsAt. */
    startsAt: isoDateTimeSchema,
    endsAt: isoDateTimeSchema,
    items: z
      .array(itemQuantityRowSchema, { message: 'Add at least one item' })
      .min(1, 'Add at least one item')
      .max(PRESENT_ITEMS_MAX, `At most ${PRESENT_ITEMS_MAX} items`),
  }),
);

const checkPeriod = () => endAfterStart('endsAt', 'startsAt', 'The end must be after the start');

function checkPresent(input: { startsAt: string; endsAt: string; items: { itemId: number }[] }, ctx: z.RefinementCtx) {
  noItemTwice(input.items, ctx);
}

export const presentCreateSchema = lazy(() => presentFields.superRefine(checkPresent).check(checkPeriod()));
export type PresentCreate = z.infer<typeof presentCreateSchema>;
export const presentUpdateSchema = lazy(() =>
  presentFields.extend({ version: versionSchema }).superRefine(checkPresent).check(checkPeriod()),
);
export type PresentUpdate = z.infer<typeof presentUpdateSchema>;

export const presentSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    description: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    items: z.array(z.object({ itemId: z.number().int(), quantity: z.number().int() })),
    status: z.enum(PRESENT_STATUSES),
    /** When it was first sent to players; from then on its items are fixed (texts stay editable). */
    distributedAt: z.string().nullable(),
  }),
);
export type Present = z.infer<typeof presentSchema>;

export const presentQuerySchema = lazy(() =>
  listQuerySchema.extend({
    status: optionalQueryEnum(PRESENT_STATUSES, 'Pick upcoming, claimable or ended'),
  }),
);
export type PresentQuery = z.infer<typeof presentQuerySchema>;

export const PRESENT_SORTS = ['name', 'startsAt', 'endsAt', 'updatedAt'] as const;

/** A gift of catalogue items with a claim period. 409 on an item change once distributed. */
export const presentsResource = defineResource({
  scope: 'economy',
  path: '/presents',
  target: 'present',
  noun: 'present',
  schemas: { record: presentSchema, create: presentCreateSchema, update: presentUpdateSchema, query: presentQuerySchema },
  sorts: PRESENT_SORTS,
  defaultSort: { sort: 'startsAt', order: 'desc' },
  csv: {
    filename: 'presents.csv',
    columns: ['id', 'name', 'description', 'startsAt', 'endsAt', 'status', 'distributedAt', 'version', 'updatedAt', 'updatedBy'],
  },
});
