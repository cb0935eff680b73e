// First: its jest.mock calls make kysely (ESM-only), PGlite and Fastify loadable in jest.
import '@phoenix/server/testing';
import { csvCell, csvChunks, toCsv } from '@phoenix/server/http';

describe('csv', () => {
  test('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  test('neutralises spreadsheet formulas', () => {
    for (const dangerous of ['=1+1', '+A1', '-A1', '-1+1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(dangerous).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  test('neutralises formulas behind leading whitespace or line breaks, and full-width signs', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('\n=HYPERLINK("x")')).toBe(`"'\n=HYPERLINK(""x"")"`);
    expect(csvCell('\r\n@SUM(A1)')).toBe(`"'\r\n@SUM(A1)"`);
    expect(csvCell('\u3000+A1')).toBe("'\u3000+A1");
    for (const fullWidth of ['＝1+1', '＋A1', '－A1', '＠SUM(A1)', '  ＝1']) {
      expect(csvCell(fullWidth)).toBe(`'${fullWidth}`);
    }
  });

  test('leaves plain numbers alone', () => {
    for (const number of ['-5', '+1', '-0.25', '+3.5e-2', '.5', '-12.']) expect(csvCell(number)).toBe(number);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1e21)).toBe('1e+21');
    expect(csvCell('-5 apples')).toBe("'-5 apples");
  });

  test('rows end with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  test('a streamed export is a BOM and the header with the first batch, then one chunk per batch, read one batch at a time', async () => {
    const fetched: number[] = [];
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        fetched.push(b);
        yield [
          { n: b * 2, s: 'a,"b"' },
          { n: b * 2 + 1, s: '=x' },
        ];
      }
    }
    const chunks = csvChunks(['n', 's'], batches(), (row: { n: number; s: string }) => [row.n, row.s]);
    expect((await chunks.next()).value).toBe(`\uFEFFn,s\r\n0,"a,""b"""\r\n1,'=x\r\n`);
    expect(fetched).toEqual([0]); // the next batch is read only when the consumer asks for more
    const rest: string[] = [];
    for await (const chunk of chunks) rest.push(chunk);
    expect(rest).toHaveLength(2);
    expect(fetched).toEqual([0, 1, 2]);
  });

  test('an export with no rows is the BOM and the header', async () => {
    async function* none(): AsyncGenerator<{ n: number }[]> {}
    const chunks: string[] = [];
    for await (const chunk of csvChunks(['n'], none(), (row: { n: number }) => [row.n])) chunks.push(chunk);
    expect(chunks).toEqual(['\uFEFFn\r\n']);
  });

  test('a query that fails fails on the first chunk, before any byte is sent', async () => {
    const failing: AsyncIterable<{ n: number }[]> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('bad filter')) }),
    };
    await expect(csvChunks(['n'], failing, (row: { n: number }) => [row.n]).next()).rejects.toThrow('bad filter');
  });
});
