import { parseUserIds } from './parseUserIds';

describe('parseUserIds', () => {
  it('reads messy input: blank lines, spaces, separators, quotes, duplicates', () => {
    const text = '\n 12 \n\n"34", 56;78\t90\n12\n  \n0034\n';
    expect(parseUserIds(text)).toEqual({ ids: ['12', '34', '56', '78', '90'], invalid: [], duplicates: 2 });
  });

  it('lists every non-numeric or invalid entry with its line number', () => {
    const text = '1\nabc\n2, -3\n4.5\n0\n99999999999999999999\n5';
    const result = parseUserIds(text);
    expect(result.ids).toEqual(['1', '2', '5']);
    expect(result.invalid).toEqual([
      { line: 2, value: 'abc' },
      { line: 3, value: '-3' },
      { line: 4, value: '4.5' },
      { line: 5, value: '0' },
      { line: 6, value: '99999999999999999999' },
    ]);
  });

  it('skips a CSV header line and handles CRLF', () => {
    expect(parseUserIds('user_id\r\n10\r\n11\r\n10\r\n')).toEqual({ ids: ['10', '11'], invalid: [], duplicates: 1 });
    expect(parseUserIds('"id"\n7').ids).toEqual(['7']);
    // A header-like word later on is an error, not a header.
    expect(parseUserIds('7\nid').invalid).toEqual([{ line: 2, value: 'id' }]);
  });

  it('returns nothing for empty input', () => {
    expect(parseUserIds('')).toEqual({ ids: [], invalid: [], duplicates: 0 });
    expect(parseUserIds(' \n\n ')).toEqual({ ids: [], invalid: [], duplicates: 0 });
  });

  it('parses a 100,000-line paste with duplicates and bad lines', () => {
    const lines: string[] = ['user_id'];
    for (let i = 1; i <= 100_000; i++) lines.push(String(i));
    lines.push('1', '2', 'oops', '');
    const result = parseUserIds(lines.join('\n'));
    expect(result.ids).toHaveLength(100_000);
    expect(result.ids[0]).toBe('1');
    expect(result.ids[99_999]).toBe('100000');
    expect(result.duplicates).toBe(2);
    expect(result.invalid).toEqual([{ line: 100_004, value: 'oops' }]);
  });
});
