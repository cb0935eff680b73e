import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, endAfterStart, optionalQueryEnum } from './fields';
import { lazy } from './lazy';

export const WORLD_MESSAGE_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type WorldMessageSeverity = (typeof WORLD_MESSAGE_SEVERITIES)[number];

/**
 * Derived, never stored: cancelled (cancelledAt set), else scheduled (now < start),
 * showing (start <= now < end), ended (end <= now).
 */
export const WORLD_MESSAGE_STATES = ['scheduled', 'showing', 'ended', 'cancelled'] as const;
export type WorldMessageState = (typeof WORLD_MESSAGE_STATES)[number];

const worldMessageFields = lazy(() =>
  z.object({
    message: z
      .string({ message: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(500, 'Message is at most 500 characters'),
    severity: z.enum(WORLD_MESSAGE_SEVERITIES, { message: 'Pick info, warning or critical' }),
    displayStart: isoDateTimeSchema,
    displayEnd: isoDateTimeSchema,
  }),
);

const checkWindow = () => endAfterStart('displayEnd', 'displayStart', 'Display end must be after display start');

/** POST /world-messages. The BFF also refuses a display end that is already past. */
export const worldMessageCreateSchema = lazy(() => worldMessageFields.check(checkWindow()));
export type WorldMessageCreate = z.infer<typeof worldMessageCreateSchema>;

/**
 * PUT /world-messages/:id: every field while scheduled; once showing only `message` may change
 * (the others must be sent unchanged, else a field error WORLD_MESSAGE_LIVE_LOCKED).
 */
export const worldMessageUpdateSchema = lazy(() => worldMessageFields.extend({ version: versionSchema }).check(checkWindow()));
export type WorldMessageUpdate = z.infer<typeof worldMessageUpdateSchema>;

/** POST /world-messages/:id/cancel: only while the message is scheduled. */
export const worldMessageCancelSchema = lazy(() => z.object({ version: versionSchema }));
export type WorldMessageCancel = z.infer<typeof worldMessageCancelSchema>;

export const worldMessageSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    message: z.string(),
    severity: z.enum(WORLD_MESSAGE_SEVERITIES),
    displayStart: z.string(),
    displayEnd: z.string(),
    state: z.enum(WORLD_MESSAGE_STATES),
    cancelledAt: z.string().nullable(),
    cancelledBy: z.string().nullable(),
  }),
);
export type WorldMessage = z.infer<typeof worldMessageSchema>;

/** GET /world-messages: q matches the message; state and severity filter. */
export const worldMessageQuerySchema = lazy(() =>
  listQuerySchema.extend({
    state: optionalQueryEnum(WORLD_MESSAGE_STATES, 'Pick scheduled, showing, ended or cancelled'),
    severity: optionalQueryEnum(WORLD_MESSAGE_SEVERITIES, 'Pick info, warning or critical'),
  }),
);
export type WorldMessageQuery = z.infer<typeof worldMessageQuerySchema>;

/** Without `sort`: newest display start first. Severity sorts by rank (info < warning < critical). */
export const WORLD_MESSAGE_SORTS = ['displayStart', 'displayEnd', 'severity', 'createdAt'] as const;

export const WORLD_MESSAGE_ONLY_SCHEDULED = {
  cancel: 'Only a scheduled message can be cancelled',
  edit: 'Only a scheduled or showing message can be edited',
} as const;

/** POST /world-messages/:id/end: only while showing; sets the display end to the server's now. */
export const worldMessageEndSchema = lazy(() => z.object({ version: versionSchema }));
export type WorldMessageEnd = z.infer<typeof worldMessageEndSchema>;

/** 409 messages of POST /world-messages/:id/end, by the state the message is in. */
export const WORLD_MESSAGE_END_REFUSED: Record<Exclude<WorldMessageState, 'showing'>, string> = {
  scheduled: 'This message has not started yet: cancel it instead',
  ended: 'This message has already ended',
  cancelled: 'This message was cancelled and never shown',
};

/** Field error on a showing message's PUT: only its text can still change. */
export const WORLD_MESSAGE_LIVE_LOCKED = 'Cannot change once the message is showing: only its text can be edited';
/** The fields a PUT may change on a showing message. */
export const WORLD_MESSAGE_LIVE_EDITABLE = ['message'] as const;

/**
 * Broadcasts to every player. Never deleted: POST <path>/:id/cancel while scheduled,
 * POST <path>/:id/end while showing.
 */
export const worldMessagesResource = defineResource({
  scope: 'content',
  path: '/world-messages',
  target: 'worldMessage',
  noun: 'world message',
  schemas: {
    record: worldMessageSchema,
    create: worldMessageCreateSchema,
    update: worldMessageUpdateSchema,
    query: worldMessageQuerySchema,
  },
  sorts: WORLD_MESSAGE_SORTS,
  csv: {
    filename: 'world-messages.csv',
    columns: [
      'id',
      'message',
      'severity',
      'state',
      'displayStart',
      'displayEnd',
      'cancelledAt',
      'cancelledBy',
      'version',
      'updatedAt',
      'updatedBy',
    ],
  },
  remove: false,
});
