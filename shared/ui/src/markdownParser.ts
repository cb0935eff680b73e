/**
 * A small markdown subset parsed into a tree of plain data (never HTML):
 * headings, paragraphs, **strong**, *emphasis*, `inline code`, fenced code blocks, - / 1. lists,
 * [links](https://…) and line breaks (a newline inside a paragraph). Raw HTML is not markdown
 * here: `<script>` stays the text "<script>".
 */

export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: MarkdownInline[] }
  | { kind: 'emphasis'; children: MarkdownInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: MarkdownInline[] }
  | { kind: 'break' };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: MarkdownInline[] }
  | { kind: 'paragraph'; children: MarkdownInline[] }
  | { kind: 'codeBlock'; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: MarkdownInline[][] };

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The URL if it is absolute http, https or mailto; null for anything else (javascript:, data:, relative). */
export function safeLinkHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/*
 * One alternative per inline form; the first match wins, left to right.
 * Groups: 1 escaped char, 2 code, 3/4 strong, 5/6 emphasis, 7 link text, 8 link url, 9 newline.
 */
const INLINE =
  /\\([\\`*_[\]()#+\-.!>])|`([^`\n]+)`|\*\*(?=\S)([\s\S]+?)\*\*|(?<!\w)__(?=\S)([\s\S]+?)__(?!\w)|\*(?=[^\s*])([^*]+?)\*|(?<!\w)_(?=[^\s_])([^_]+?)_(?!\w)|\[([^\]\n]+)\]\(([^()\s]+)\)|(\n)/g;

export function parseInline(source: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += text;
    else out.push({ kind: 'text', text });
  };
  const pattern = new RegExp(INLINE.source, 'g');
  let cursor = 0;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    pushText(source.slice(cursor, m.index));
    cursor = m.index + m[0].length;
    const [whole, escaped, code, strongA, strongB, emA, emB, linkText, linkUrl, newline] = m;
    if (escaped !== undefined) pushText(escaped);
    else if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (strongA !== undefined || strongB !== undefined) out.push({ kind: 'strong', children: parseInline(strongA ?? strongB) });
    else if (emA !== undefined || emB !== undefined) out.push({ kind: 'emphasis', children: parseInline(emA ?? emB) });
    else if (linkText !== undefined) {
      const href = safeLinkHref(linkUrl);
      // An unsafe link stays visible as what was typed, so the author sees why it is not a link.
      if (href) out.push({ kind: 'link', href, children: parseInline(linkText) });
      else pushText(whole);
    } else if (newline !== undefined) out.push({ kind: 'break' });
  }
  pushText(source.slice(cursor));
  return out;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;
const BLANK = /^\s*$/;

const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || BULLET.test(line) || NUMBERED.test(line);

/** Splits the source into blocks, line by line. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(marker)) body.push(lines[i++]);
      i++; // the closing fence (or past the end when it is missing)
      blocks.push({ kind: 'codeBlock', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    const firstNumber = NUMBERED.exec(line);
    if (firstNumber || BULLET.test(line)) {
      const ordered = Boolean(firstNumber);
      const itemPattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length && !BLANK.test(lines[i])) {
        const item = itemPattern.exec(lines[i]);
        if (item) items.push(item[item.length - 1]);
        else if (startsBlock(lines[i])) break;
        else items[items.length - 1] += `\n${lines[i].trim()}`; // a continuation line of the item
        i++;
      }
      blocks.push({ kind: 'list', ordered, start: firstNumber ? Number(firstNumber[1]) : 1, items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !BLANK.test(lines[i]) && !startsBlock(lines[i])) paragraph.push(lines[i++].trim());
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}

function inlineText(nodes: MarkdownInline[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case 'text':
        case 'code':
          return node.text;
        case 'break':
          return ' ';
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}

/** The words of a markdown text without its syntax, on one line: for excerpts and titles. */
export function markdownToPlainText(source: string): string {
  return parseMarkdown(source)
    .map((block) => {
      switch (block.kind) {
        case 'codeBlock':
          return block.text;
        case 'list':
          return block.items.map(inlineText).join(' ');
        default:
          return inlineText(block.children);
      }
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
