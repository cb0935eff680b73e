import { useTranslation } from 'react-i18next';
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

type Row = { path: string; kind: 'changed' | 'added' | 'removed'; before: unknown; after: unknown };
const TONES: Record<Row['kind'], BadgeTone> = { changed: 'warning', added: 'success', removed: 'danger' };

export interface JsonDiffProps {
  before: unknown;
  after: unknown;
  caption?: string;
  /** A field's name for a reader (its label); default: the dotted path, in monospace. */
  fieldLabel?: (path: string) => string;
  /** A value as text; default: formatJsonValue (strings quoted). */
  formatValue?: (value: unknown, path: string) => string;
  /** Leaves left out of the diff entirely (neither shown nor counted): bookkeeping such as `version`. */
  hidden?: (path: string) => boolean;
}

/**
 * Before/after of a record as a readable diff: the fields changed, added and removed with
 * old → new values, and the unchanged ones folded away. Values are text, never HTML.
 */
export function JsonDiff({ before, after, caption, fieldLabel, formatValue = formatJsonValue, hidden }: JsonDiffProps) {
  const { t } = useTranslation('ui');
  const diff = diffJson(before, after, hidden);
  const name = (path: string) => (fieldLabel ? fieldLabel(path) : <Code>{path}</Code>);
  const rows: Row[] = [
    ...diff.changed.map((c) => ({ path: c.path, kind: 'changed' as const, before: c.before, after: c.after })),
    ...diff.added.map((l) => ({ path: l.path, kind: 'added' as const, before: undefined, after: l.value })),
    ...diff.removed.map((l) => ({ path: l.path, kind: 'removed' as const, before: l.value, after: undefined })),
  ];
  const summary = t('diff.summary', {
    caption: caption ?? t('diff.caption'),
    changed: diff.changed.length,
    added: diff.added.length,
    removed: diff.removed.length,
  });

  return (
    <div>
      {rows.length === 0 ? (
        <Note>{diff.unchanged.length ? t('diff.noChange') : t('diff.noData')}</Note>
      ) : (
        <Table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{t('diff.field')}</th>
              <th scope="col">{t('diff.change')}</th>
              <th scope="col">{t('diff.before')}</th>
              <th scope="col">{t('diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.path}`}>
                <th scope="row">{name(row.path)}</th>
                <td>
                  <Badge $tone={TONES[row.kind]}>{t(`diff.${row.kind}`)}</Badge>
                </td>
                <td>
                  <Code>{row.before === undefined ? '—' : formatValue(row.before, row.path)}</Code>
                </td>
                <td>
                  <Code>{row.after === undefined ? '—' : formatValue(row.after, row.path)}</Code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {diff.unchanged.length > 0 && (
        <Details>
          <summary>{t('diff.unchanged', { count: diff.unchanged.length })}</summary>
          <Table aria-label={t('diff.unchangedLabel')}>
            <tbody>
              {diff.unchanged.map((leaf) => (
                <tr key={leaf.path}>
                  <th scope="row">{name(leaf.path)}</th>
                  <td>
                    <Code>{formatValue(leaf.value, leaf.path)}</Code>
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
