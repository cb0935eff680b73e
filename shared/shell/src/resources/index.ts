export {
  resourcePages,
  areasOf,
  standalonePage,
  pagesOf,
  areaPage,
  useResourceLinks,
  parseRecordId,
  showsList,
  type ResourceLinks,
  type RoutingShape,
  type ResourcePagesSpec,
  type AreaPagesSpec,
  type AreaPageSpec,
  type AreaPages,
  type ResourcePageComponent,
  type PagePrefetch,
} from './routing';
export { prefetchResourceList, listParamsOptionsOf, type ListQueryOptions } from './prefetchList';
export { useListController, type ListController, type ListControllerOptions, type Selection } from './useListController';
export { useRecordController, type RecordController, type RecordStatus } from './useRecordController';
export { useRecordForm, type RecordForm, type RecordFormOptions, type FieldProps } from './useRecordForm';
export { ResourceListPage, FilterSelect, EnumFilters, type ResourceColumn, type ResourceListPageProps } from './ResourceListPage';
export { RecordFormPage, type RecordFormPageProps } from './RecordFormPage';
export { RecordHistoryButton, RecordHistoryDialog } from './RecordHistory';
export { apiPath } from './apiPath';
// Field arrays, controlled widgets and watching: one react-hook-form for every remote (shell singleton).
export { useFieldArray, useWatch, Controller } from 'react-hook-form';
export { useDocumentController, type DocumentController } from './useDocumentController';
export { DocumentHistory } from './DocumentHistory';
export { useRecordAction, type RecordActionSpec } from './useRecordAction';
export { useDetailParam, RecordDetailModal } from './RecordDetail';
export { DocumentPage, type DocumentPageProps } from './DocumentPage';
export { FieldArray, type FieldArrayProps } from './FieldArray';
export { useNouns } from './useNouns';
export { ReadOnlyNote, useReadOnlyReason } from './ReadOnlyNote';
export {
  useAreaLabels,
  useAreaColumns,
  useRecordLabel,
  type AreaSpec,
  type AreaDefinition,
  type AreaLabels,
  type LabelledColumn,
  type Translate,
} from './area';
