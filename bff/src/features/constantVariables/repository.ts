import {
  CONSTANT_VARIABLE_SORTS,
  type ConstantVariable,
  type ConstantVariableCreate,
} from '@phoenix/contract';
import type { ConstantVariableRow } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { versionedResource } from '../../db/versionedResource';

/** Row → API shape (camelCase, ISO dates). Also what the action log stores as before/after. */
export function toConstantVariable(row: ConstantVariableRow): ConstantVariable {
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    value: row.value,
    description: row.description,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * The reference versioned resource: list (q = key or description), get, create, update, delete,
 * each change logged as constantVariable.create / .update / .delete. The key is unique (400 on key).
 */
export const constantVariables = versionedResource({
  table: 'constant_variables',
  target: 'constantVariable',
  noun: 'constant variable',
  toApi: toConstantVariable,
  toColumns: (input: ConstantVariableCreate) => ({
    key: input.key,
    type: input.type,
    value: input.value,
    description: input.description,
  }),
  sorts: CONSTANT_VARIABLE_SORTS,
  sortKeys: {
    key: sortKey('key', 'text'),
    type: sortKey('type', 'text'),
    value: sortKey('value', 'text'),
    description: sortKey('description', 'text'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  defaultOrder: 'key',
  search: ['key', 'description'],
  unique: { column: 'key', message: 'This key already exists' },
});
