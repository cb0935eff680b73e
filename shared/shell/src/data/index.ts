export { resourceKeys, type ApiTarget } from './queryKeys';
export {
  useListParams,
  readListParams,
  listQueryOf,
  type ListParams,
  type ListParamsOptions,
  type ListUrlState,
  type SortOrder,
} from './useListParams';
export { useResourceList, type ResourceListResult } from './useResourceList';
export { useResource, type ResourceResult } from './useResource';
export { useDocument, type DocumentOptions, type DocumentResult } from './useDocument';
export { useResourceMutation, type ResourceMutations, type ResourceMutationOptions } from './useResourceMutation';
export { useCsvExport, saveTextFile } from './useCsvExport';
export { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
export { ResourceTable, type ResourceTableProps } from './ResourceTable';
export { useServerPicker, type ServerPicker } from './useServerPicker';
export { usePlayerName, PlayerNameLink, playerNameKey } from './playerNames';
export {
  AdjustmentFields,
  adjustmentServerErrors,
  newIdempotencyKey,
  parseAdjustment,
  useLedgerChange,
  type AdjustmentErrors,
} from './pointsAdjustment';
