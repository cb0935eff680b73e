import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Markdown, markdownToPlainText } from './Markdown';
import { defaultTheme } from './theme';

const renderMarkdown = (source: string) =>
  render(
    <ThemeProvider theme={defaultTheme}>
      <Markdown source={source} />
    </ThemeProvider>,
  );

describe('Markdown', () => {
  it('renders headings (one level under the page h1), paragraphs, emphasis, strong and inline code', () => {
    renderMarkdown('# Patch 1.2\n\nThe **arena** is *back*, with `maxTurns` = 40.\n\n### Fixes');
    expect(screen.getByRole('heading', { level: 2, name: 'Patch 1.2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Fixes' })).toBeInTheDocument();
    expect(screen.getByText('arena').tagName).toBe('STRONG');
    expect(screen.getByText('back').tagName).toBe('EM');
    expect(screen.getByText('maxTurns').tagName).toBe('CODE');
  });

  it('renders bullet and numbered lists and code blocks', () => {
    const { container } = renderMarkdown('- one\n- **two**\n\n3. third\n4. fourth\n\n```\nconst a = 1;\n<b>not bold</b>\n```');
    const [bullets, numbers] = screen.getAllByRole('list');
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one', 'two']);
    expect(numbers.tagName).toBe('OL');
    expect(numbers).toHaveAttribute('start', '3');
    expect(container.querySelector('pre code')).toHaveTextContent('const a = 1; <b>not bold</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('makes http, https and mailto links, opening in a new tab', () => {
    renderMarkdown('See [the notes](https://example.com/notes) or [mail us](mailto:ops@example.com).');
    const link = screen.getByRole('link', { name: 'the notes' });
    expect(link).toHaveAttribute('href', 'https://example.com/notes');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail us' })).toHaveAttribute('href', 'mailto:ops@example.com');
  });

  it('never turns javascript:, data: or relative URLs into links: their text stays, inert', () => {
    const { container } = renderMarkdown(
      '[click](javascript:alert%281%29) [x](JAVASCRIPT:void(0)) [t](java\tscript:alert) [d](data:text/html,hi) [r](/admin)',
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    expect(container).toHaveTextContent('click');
  });

  it('shows HTML as literal text: no script, img or other element is created', () => {
    const source = 'Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n- <iframe src="https://evil.example"></iframe>';
    const { container } = renderMarkdown(source);
    expect(screen.getByText('Hi <script>alert(1)</script>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('script, img, iframe')).toBeNull();
  });

  it('keeps snake_case words and backslash-escaped marks as text', () => {
    renderMarkdown('max_turns_limit and \\*not italic\\*');
    expect(screen.getByText('max_turns_limit and *not italic*')).toBeInTheDocument();
    expect(document.querySelector('em')).toBeNull();
  });

  it('gives a one-line plain-text version for excerpts', () => {
    expect(markdownToPlainText('# Title\n\nSome **bold** [link](https://x.example) <b>tag</b>\n\n- a\n- b')).toBe(
      'Title Some bold link <b>tag</b> a b',
    );
  });
});
