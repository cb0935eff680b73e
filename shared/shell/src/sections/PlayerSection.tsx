import type { ReactNode } from 'react';
import { ErrorState, LoadingBlock, PlainTable, TableHead } from '@phoenix/ui';
import { describeError } from '../api/describeError';

/**
 * The blocks of the player view's parts (this remote's and the sections other remotes register):
 * a region named by its heading, and what a query shows in it (its error with retry, a loading
 * line, then its data; for a list, a sentence when it is empty, else a plain table).
 */

/** What a part shows of its data: a react-query result fits, and so do several merged into one. */
export interface SectionQuery<T> {
  error: unknown;
  /** Undefined while loading. */
  data: T | undefined;
  refetch: () => unknown;
}

/** A part of the player view: a region named by its heading (`id` is the heading's; a table inside can name itself by it). */
export function PlayerSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A query's answer: its error (with retry), a loading line until it answers, then `children` of its data. */
export function QueryAnswer<T>({ query, children }: { query: SectionQuery<T>; children: (data: T) => ReactNode }) {
  if (query.error) return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <LoadingBlock />;
  return <>{children(query.data)}</>;
}

export interface QueryTableProps<T, R> {
  query: SectionQuery<T>;
  /** The table's rows out of the data. */
  rows: (data: T) => readonly R[];
  /** The sentence shown instead of an empty table. */
  none: ReactNode;
  labels: ReactNode[];
  /** One <tr> (with its key) per row. */
  row: (item: R) => ReactNode;
  /** The id of what names the table (the section's heading), or a caption of its own. */
  labelledBy?: string;
  caption?: ReactNode;
}

/** A query's rows as a plain table, or `none` when there are none (under QueryAnswer's error and loading). */
export function QueryTable<T, R>({ query, rows, none, labels, row, labelledBy, caption }: QueryTableProps<T, R>) {
  return (
    <QueryAnswer query={query}>
      {(data) => {
        const items = rows(data);
        if (items.length === 0) return <p>{none}</p>;
        return (
          <PlainTable aria-labelledby={labelledBy}>
            {caption && <caption>{caption}</caption>}
            <TableHead labels={labels} />
            <tbody>{items.map((item) => row(item))}</tbody>
          </PlainTable>
        );
      }}
    </QueryAnswer>
  );
}
