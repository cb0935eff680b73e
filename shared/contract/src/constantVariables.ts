import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { lazy } from './lazy';

export const CONSTANT_VALUE_TYPES = ['number', 'string', 'boolean', 'json'] as const;
export type ConstantValueType = (typeof CONSTANT_VALUE_TYPES)[number];

export const CONSTANT_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/**
 * Values travel as text (what an admin types) and are checked against their type,
 * so the same rule runs in the form and in the BFF.
 */
export function valueTypeError(type: ConstantValueType, value: string): string | null {
  switch (type) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'Enter a number';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'Enter true or false';
    case 'json':
      try {
        JSON.parse(value);
        return null;
      } catch {
        return 'Enter valid JSON';
      }
    case 'string':
      return null;
  }
}

const constantVariableFields = lazy(() =>
  z.object({
    key: z
      .string()
      .trim()
      .min(1, 'Key is required')
      .max(100, 'Key is at most 100 characters')
      .regex(CONSTANT_KEY_PATTERN, 'Key starts with a letter and holds letters, digits, _ . -'),
    type: z.enum(CONSTANT_VALUE_TYPES, { message: 'Pick a type' }),
    value: z.string().max(10000, 'Value is at most 10,000 characters'),
    description: z.string().max(500, 'Description is at most 500 characters').default(''),
  }),
);

function checkValue(input: { type: ConstantValueType; value: string }, ctx: z.RefinementCtx) {
  const message = valueTypeError(input.type, input.value);
  if (message) ctx.addIssue({ code: 'custom', path: ['value'], message });
}

export const constantVariableCreateSchema = lazy(() => constantVariableFields.superRefine(checkValue));
export type ConstantVariableCreate = z.infer<typeof constantVariableCreateSchema>;

export const constantVariableUpdateSchema = lazy(() => constantVariableFields.extend({ version: versionSchema }).superRefine(checkValue));
export type ConstantVariableUpdate = z.infer<typeof constantVariableUpdateSchema>;

export const constantVariableSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    key: z.string(),
    type: z.enum(CONSTANT_VALUE_TYPES),
    value: z.string(),
    description: z.string(),
  }),
);
export type ConstantVariable = z.infer<typeof constantVariableSchema>;

export const CONSTANT_VARIABLE_SORTS = ['key', 'type', 'value', 'description', 'updatedAt'] as const;

/** Typed values the game servers read at run time. `q` matches key or description. */
export const constantVariablesResource = defineResource({
  scope: 'operations',
  path: '/constant-variables',
  target: 'constantVariable',
  noun: 'constant variable',
  schemas: {
    record: constantVariableSchema,
    create: constantVariableCreateSchema,
    update: constantVariableUpdateSchema,
    query: listQuerySchema,
  },
  sorts: CONSTANT_VARIABLE_SORTS,
  defaultSort: { sort: 'key', order: 'asc' },
  csv: {
    filename: 'constant-variables.csv',
    columns: ['id', 'key', 'type', 'value', 'description', 'version', 'updatedAt', 'updatedBy'],
  },
});
