export { resourceKeys, type ApiTarget } from './queryKeys';
export { useListParams, type ListParams, type ListParamsOptions, type SortOrder } from './useListParams';
export { useResourceList, type ResourceListResult } from './useResourceList';
export { useResource, type ResourceResult } from './useResource';
export { useDocument, type DocumentOptions, type DocumentResult } from './useDocument';
export { useResourceMutation, type ResourceMutations, type ResourceMutationOptions } from './useResourceMutation';
export { useCsvExport, saveTextFile } from './useCsvExport';
export { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
export {
  useResourceForm,
  type ResourceForm,
  type ResourceFormOptions,
  type FormConflict,
  type FormSchema,
  type FieldBinding,
  type FieldErrors,
  type FormValues,
} from './useResourceForm';
export { useQuerySubView, type QuerySubView, type QuerySubViewResult } from './useQuerySubView';
export { useResourceAction, type ResourceActionOptions, type ResourceActionVars } from './useResourceAction';
export { ResourceTable, type ResourceTableProps } from './ResourceTable';
