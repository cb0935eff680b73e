import { isValidElement, useMemo, type ReactNode } from 'react';
import { compiler, type MarkdownToJSX } from 'markdown-to-jsx';
import styled from 'styled-components';
import { tokens } from './theme';

const Body = styled.div`
  font-size: 0.9rem;
  line-height: 1.5;
  overflow-wrap: anywhere;
  & > :first-child {
    margin-top: 0;
  }
  & > :last-child {
    margin-bottom: 0;
  }
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: 1rem 0 0.5rem;
    line-height: 1.25;
  }
  p,
  ul,
  ol,
  pre {
    margin: 0 0 0.75rem;
  }
  code {
    font-family: ${tokens.monoFont};
    font-size: 0.85em;
    background: ${tokens.colors.subtle};
    border-radius: 4px;
    padding: 0.05rem 0.3rem;
  }
  pre {
    background: ${tokens.colors.subtle};
    border-radius: ${tokens.radius};
    padding: 0.6rem 0.75rem;
    overflow-x: auto;
  }
  pre code {
    background: none;
    padding: 0;
  }
  a {
    color: ${tokens.colors.primary};
  }
`;

const HEADINGS = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' } as const;

/** Only links an admin would mean: http(s) and mail; anything else (javascript:, data:…) is dropped. */
export function safeLinkHref(href: string): string | null {
  return /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null;
}

const OPTIONS: MarkdownToJSX.Options = {
  // User text is never HTML: tags show as the text they are.
  disableParsingRawHTML: true,
  forceBlock: true,
  // The page has its h1: markdown "#" becomes an h2, and so on down.
  overrides: {
    ...Object.fromEntries(Object.entries(HEADINGS).map(([from, to]) => [from, { component: to }])),
    a: { props: { target: '_blank', rel: 'noopener noreferrer' } },
    img: { component: () => null },
  },
  sanitizer: (value, _tag, attribute) => (attribute === 'href' || attribute === 'src' ? safeLinkHref(value) : value),
};

/** snake_case words (game keys) stay words: markdown-to-jsx would read intraword `_x_` as emphasis. */
const keepSnakeCase = (source: string) => source.replace(/(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])/gu, '\\_');

/** The words of a React tree, for one-line excerpts. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** The markdown as one line of plain text: syntax dropped, HTML left as the text it is. */
export function markdownToPlainText(source: string): string {
  return textOf(compiler(keepSnakeCase(source), OPTIONS))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Renders markdown as React elements with markdown-to-jsx. Safe for any input: raw HTML is not
 * parsed (so `<script>` or `<img onerror>` shows as text), images are dropped, and only http(s)
 * and mailto links survive.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const content = useMemo(() => compiler(keepSnakeCase(source), OPTIONS), [source]);
  return <Body className={className}>{content}</Body>;
}
