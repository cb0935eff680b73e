// ACTION_LOG_SINK's two kinds (no database code here: the configuration reads it).

export type SinkTarget = { kind: 'file'; path: string } | { kind: 'http'; url: string };

/** ACTION_LOG_SINK's text: file:///absolute/path.jsonl or http(s)://… (null when it is neither). */
export function parseSink(raw: string): SinkTarget | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol === 'file:' && raw.startsWith('file:///')) return { kind: 'file', path: decodeURIComponent(url.pathname) };
  if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'http', url: url.toString() };
  return null;
}
