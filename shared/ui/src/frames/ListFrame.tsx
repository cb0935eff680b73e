import type { ReactNode } from 'react';
import { FilterBar } from '../fields';
import { PageBody, PageHeader } from '../layout';

export interface ListFrameProps {
  title: ReactNode;
  description?: ReactNode;
  /** Header buttons (export, new…). */
  actions?: ReactNode;
  /** Search box and filter controls. */
  filters?: ReactNode;
  /** Above the table: a summary, a notice. */
  before?: ReactNode;
  /** The table and its pager. */
  children: ReactNode;
}

/** A list page: header with its actions, the filter bar, then the table. */
export function ListFrame({ title, description, actions, filters, before, children }: ListFrameProps) {
  return (
    <PageBody>
      <PageHeader title={title} description={description} actions={actions} />
      {filters && <FilterBar>{filters}</FilterBar>}
      {before}
      {children}
    </PageBody>
  );
}
