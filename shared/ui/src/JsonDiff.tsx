import styled from 'styled-components';
import { diffJson, formatJsonValue } from './jsonDiff';
import { Badge, type BadgeTone } from './layout';
import { tokens } from './theme';

export { diffJson, flattenJson, formatJsonValue, type JsonDiffResult, type JsonLeaf, type JsonChange } from './jsonDiff';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.8125rem;
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${tokens.colors.subtle};
  }
  th {
    font-weight: 600;
    color: ${tokens.colors.muted};
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 0.35rem;
  }
`;
const Code = styled.code`
  font-family: ${tokens.monoFont};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  display: block;
  max-height: 10rem;
  overflow-y: auto;
`;
const Details = styled.details`
  margin-top: 0.75rem;
  summary {
    cursor: pointer;
    font-size: 0.875rem;
  }
`;
const Note = styled.p`
  margin: 0;
  color: ${tokens.colors.muted};
  font-size: 0.875rem;
`;

type Row = { path: string; kind: 'Changed' | 'Added' | 'Removed'; before: unknown; after: unknown };
const TONES: Record<Row['kind'], BadgeTone> = { Changed: 'warning', Added: 'success', Removed: 'danger' };

/**
 * Before/after of a record as a readable diff: the fields changed, added and removed with
 * old → new values, and the unchanged ones folded away. Values are text, never HTML.
 */
export function JsonDiff({ before, after, caption = 'Changes' }: { before: unknown; after: unknown; caption?: string }) {
  const diff = diffJson(before, after);
  const rows: Row[] = [
    ...diff.changed.map((c) => ({ path: c.path, kind: 'Changed' as const, before: c.before, after: c.after })),
    ...diff.added.map((l) => ({ path: l.path, kind: 'Added' as const, before: undefined, after: l.value })),
    ...diff.removed.map((l) => ({ path: l.path, kind: 'Removed' as const, before: l.value, after: undefined })),
  ];

  return (
    <div>
      {rows.length === 0 ? (
        <Note>{diff.unchanged.length ? 'No field changed.' : 'No data was recorded for this action.'}</Note>
      ) : (
        <Table>
          <caption>{`${caption}: ${diff.changed.length} changed, ${diff.added.length} added, ${diff.removed.length} removed`}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Change</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.path}`}>
                <th scope="row">
                  <Code>{row.path}</Code>
                </th>
                <td>
                  <Badge $tone={TONES[row.kind]}>{row.kind}</Badge>
                </td>
                <td>
                  <Code>{formatJsonValue(row.before)}</Code>
                </td>
                <td>
                  <Code>{formatJsonValue(row.after)}</Code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {diff.unchanged.length > 0 && (
        <Details>
          <summary>{`${diff.unchanged.length} unchanged ${diff.unchanged.length === 1 ? 'field' : 'fields'}`}</summary>
          <Table aria-label="Unchanged fields">
            <tbody>
              {diff.unchanged.map((leaf) => (
                <tr key={leaf.path}>
                  <th scope="row">
                    <Code>{leaf.path}</Code>
                  </th>
                  <td>
                    <Code>{formatJsonValue(leaf.value)}</Code>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Details>
      )}
    </div>
  );
}
