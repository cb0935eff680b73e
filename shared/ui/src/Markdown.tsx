import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from './markdownParser';

export { markdownToPlainText, safeLinkHref } from './markdownParser';

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
    font-family: ${({ theme }) => theme.monoFont};
    font-size: 0.85em;
    background: ${({ theme }) => theme.colors.subtle};
    border-radius: 4px;
    padding: 0.05rem 0.3rem;
  }
  pre {
    background: ${({ theme }) => theme.colors.subtle};
    border-radius: ${({ theme }) => theme.radius};
    padding: 0.6rem 0.75rem;
    overflow-x: auto;
  }
  pre code {
    background: none;
    padding: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

function renderInline(nodes: MarkdownInline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'emphasis':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        );
      case 'break':
        return <br key={i} />;
    }
  });
}

/** The page has its h1: markdown "#" becomes an h2, and so on down to h6. */
const headingTag = (level: number) => `h${Math.min(6, level + 1)}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function renderBlock(block: MarkdownBlock, key: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Heading = headingTag(block.level);
      return <Heading key={key}>{renderInline(block.children)}</Heading>;
    }
    case 'paragraph':
      return <p key={key}>{renderInline(block.children)}</p>;
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderInline(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
  }
}

/**
 * Renders a markdown subset (see markdownParser) as React elements. Safe for any input: no HTML
 * string is ever produced, so `<script>` or `<img onerror>` in the source shows as text, and
 * only http, https and mailto links become links.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Body className={className}>
      {blocks.map(renderBlock)}
    </Body>
  );
}
