import type { ReactNode } from 'react';
import { describeError, useResource } from '@phoenix/shell';
import { Button, EmptyState, ErrorState, LoadingBlock, Panel } from '@phoenix/ui';

export interface RecordEditorProps<T> {
  /** The API resource, e.g. 'news'. */
  resource: string;
  /** From the query string; null when the link carries no valid id. */
  id: number | null;
  /** Lower-case name of one record, e.g. 'news item'. */
  noun: string;
  /** Names the list, e.g. 'information'. */
  listName: string;
  onBackToList: () => void;
  /** The form, given the record as the server has it now. */
  children: (record: T) => ReactNode;
}

/** Loads the record an edit sub-view names (?edit=<id>): not found, error, loading, then the form. */
export function RecordEditor<T>({ resource, id, noun, listName, onBackToList, children }: RecordEditorProps<T>) {
  const { data, isLoading, error, isNotFound, refetch } = useResource<T>(resource, id);
  const notFound = (message: string) => (
    <Panel>
      <EmptyState title={`${noun[0].toUpperCase()}${noun.slice(1)} not found`} action={<Button onClick={onBackToList}>{`Back to ${listName}`}</Button>}>
        {message}
      </EmptyState>
    </Panel>
  );

  if (id === null) return notFound(`The link has no valid ${noun} id. Open the ${noun} from the list.`);
  if (isNotFound) return notFound(`There is no ${noun} ${id}. It may have been deleted: open another one from the list.`);
  if (error) return <ErrorState title={`Could not load ${noun} ${id}`} message={describeError(error)} onRetry={refetch} />;
  if (isLoading || data === undefined) return <LoadingBlock label={`Loading the ${noun}…`} />;
  return <>{children(data)}</>;
}
