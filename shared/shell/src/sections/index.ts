export type { SectionDefinition, SectionSource, SlotName, SlotProps } from './types';
export { sectionSourceAtom } from './registry';
export { SectionSlot } from './SectionSlot';
export { PlayerSection, QueryAnswer, QueryTable, type QueryTableProps, type SectionQuery } from './PlayerSection';
