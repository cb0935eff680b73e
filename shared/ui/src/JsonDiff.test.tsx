import i18next from 'i18next';
import { act, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { JsonDiff, diffJson, flattenJson, formatJsonValue } from './JsonDiff';
import { defaultTheme } from './theme';

const renderDiff = (before: unknown, after: unknown) =>
  render(
    <ThemeProvider theme={defaultTheme}>
      <JsonDiff before={before} after={after} />
    </ThemeProvider>,
  );

describe('flattenJson / diffJson', () => {
  it('flattens nested objects and lists of objects into dotted paths; lists of plain values stay one leaf', () => {
    expect(flattenJson({ a: { b: 1, c: [1, 2] }, drops: [{ item: 'x', weight: 2 }], empty: {} })).toEqual([
      { path: 'a.b', value: 1 },
      { path: 'a.c', value: [1, 2] },
      { path: 'drops[0].item', value: 'x' },
      { path: 'drops[0].weight', value: 2 },
      { path: 'empty', value: {} },
    ]);
    expect(flattenJson(null)).toEqual([]);
    expect(flattenJson(42)).toEqual([{ path: '(value)', value: 42 }]);
  });

  it('sorts leaves into added, removed, changed and unchanged', () => {
    const diff = diffJson({ key: 'k', value: '30', meta: { by: 'a' } }, { key: 'k', value: 30, meta: { at: 'now' } });
    expect(diff.changed).toEqual([{ path: 'value', before: '30', after: 30 }]);
    expect(diff.removed).toEqual([{ path: 'meta.by', value: 'a' }]);
    expect(diff.added).toEqual([{ path: 'meta.at', value: 'now' }]);
    expect(diff.unchanged).toEqual([{ path: 'key', value: 'k' }]);
  });

  it('a create (before null) is all added, a delete (after null) all removed', () => {
    expect(diffJson(null, { a: 1 }).added).toEqual([{ path: 'a', value: 1 }]);
    expect(diffJson({ a: 1 }, null).removed).toEqual([{ path: 'a', value: 1 }]);
  });

  it('formats values as text and cuts long lists with a count', () => {
    expect(formatJsonValue('30')).toBe('"30"');
    expect(formatJsonValue(null)).toBe('null');
    expect(formatJsonValue(undefined)).toBe('—');
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(formatJsonValue(ids)).toMatch(/^\[1, 2, .*20, … 980 more\] \(1000 items\)$/);
  });
});

describe('JsonDiff', () => {
  it('lists changed, added and removed fields with old → new values, as text', () => {
    renderDiff(
      { value: '30', description: 'Turns', note: 'gone' },
      { value: '<img src=x onerror=alert(1)>', description: 'Turns', extra: true },
    );
    const table = screen.getByRole('table', { name: 'Changes: 1 changed, 1 added, 1 removed' });
    const changed = within(table).getByRole('row', { name: /^value/ });
    expect(changed).toHaveTextContent('Changed"30""<img src=x onerror=alert(1)>"');
    expect(within(table).getByRole('row', { name: /^extra/ })).toHaveTextContent('Added—true');
    expect(within(table).getByRole('row', { name: /^note/ })).toHaveTextContent('Removed"gone"—');
    expect(document.querySelector('img')).toBeNull();
    // Unchanged fields are folded away.
    expect(screen.getByText('1 unchanged field').closest('details')).not.toHaveAttribute('open');
    expect(within(screen.getByRole('table', { name: 'Unchanged fields', hidden: true })).getByText('"Turns"')).toBeInTheDocument();
  });

  it('says when nothing was recorded or nothing changed', () => {
    const { unmount } = renderDiff(null, null);
    expect(screen.getByText('No data was recorded for this action.')).toBeInTheDocument();
    unmount();
    renderDiff({ a: 1 }, { a: 1 });
    expect(screen.getByText('No field changed.')).toBeInTheDocument();
  });

  it("speaks the console's language: the caption, the headers, the kinds and the folded fields", async () => {
    render(
      <ThemeProvider theme={defaultTheme}>
        <JsonDiff before={{ key: 'k', value: '30', gone: 1 }} after={{ key: 'k', value: '31', label: 'x' }} />
      </ThemeProvider>,
    );
    await act(() => i18next.changeLanguage('ja'));
    const table = screen.getByRole('table', { name: '変更: 1 件変更、1 件追加、1 件削除' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['項目', '変更', '変更前', '変更後']);
    expect(within(table).getByRole('row', { name: /^value/ })).toHaveTextContent('value変更"30""31"');
    expect(within(table).getByRole('row', { name: /^label/ })).toHaveTextContent('label追加');
    expect(screen.getByText('変更のない項目 1 件')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '変更のない項目', hidden: true })).toBeInTheDocument();
  });
});
