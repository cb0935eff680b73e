import type { ReactNode } from 'react';
import styled from 'styled-components';
// By path: the kit is in the console's first paint, the contract's ~200 schemas are not (docs/performance.md).
import { checksumAddress } from '@phoenix/contract/src/wallet';
import { visuallyHidden } from './focus';
import { tokens } from './theme';

/** A surface with a border: groups a table, a form, a detail. */
export const Panel = styled.section`
  background: ${tokens.colors.surface};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  padding: 1rem 1.25rem;
  color: ${tokens.colors.text};
  font-family: ${tokens.font};
`;

/** A smaller panel for one fact or one setting. */
export const Card = styled(Panel).attrs({ as: 'div' })`
  padding: 0.75rem 1rem;
`;

/** A page's content column. */
export const PageBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  font-family: ${tokens.font};
  color: ${tokens.colors.text};
`;

const Header = styled.header`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
`;
const Titles = styled.div`
  min-width: 0;
`;
const H1 = styled.h1`
  margin: 0;
  font-size: 1.5rem;
  line-height: 1.2;
`;
const Description = styled.p`
  margin: 0.25rem 0 0;
  color: ${tokens.colors.muted};
`;
const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/** The page's one h1, an optional sentence under it, and the page-level actions on the right. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Header>
      <Titles>
        <H1>{title}</H1>
        {description && <Description>{description}</Description>}
      </Titles>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const toneColor = {
  neutral: 'muted',
  info: 'primary',
  success: 'success',
  warning: 'warning',
  danger: 'danger',
} as const;

/**
 * A short status word ("active", "json", "published"). Colour is never the only signal: the text says it.
 * The tone is a data attribute, so the template is static (built once, not on every badge of a list).
 */
export const Badge = styled.span.attrs<{ $tone?: BadgeTone }>(
  // Typed as no props: styled-components' attrs type knows no `data-*` keys.
  ({ $tone = 'neutral' }) => ({ 'data-tone': $tone }) as Record<never, never>,
)`
  display: inline-block;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.4;
  border: 1px solid ${tokens.colors.muted};
  color: ${tokens.colors.muted};
  ${(Object.entries(toneColor) as [BadgeTone, keyof typeof tokens.colors][])
    .map(([tone, color]) => `&[data-tone='${tone}'] { border-color: ${tokens.colors[color]}; color: ${tokens.colors[color]}; }`)
    .join('\n')}
  background: ${tokens.colors.surface};
  white-space: nowrap;
`;

/** Text for screen readers only (e.g. the header of an actions column). */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

/** Keys, ids and values an admin compares character by character. */
export const Mono = styled.code`
  font-family: ${tokens.monoFont};
  font-size: 0.8125rem;
`;

/**
 * A wallet or contract address, in EIP-55 case and whole: an admin copies it and compares it
 * character by character, so it is never shortened. Where room is short (a table at 1280 px, a
 * phone) it breaks into two lines of 21 characters rather than widening its column past the screen.
 */
export function AccountAddress({ value }: { value: string }) {
  return <AddressText>{checksumAddress(value)}</AddressText>;
}

const AddressText = styled(Mono)`
  display: inline-block;
  /* Monospace, so 21ch is exactly half of 0x + 40 digits: the narrowest it gets is two even lines. */
  min-width: 21ch;
  overflow-wrap: anywhere;
`;

/**
 * An e-mail address that never breaks mid-word: on a narrow screen it may wrap only just before the
 * `@`, and its full text is its title (for a cell that cuts it).
 */
export function EmailAddress({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at <= 0) return <Unbroken title={value}>{value}</Unbroken>;
  return (
    <span title={value}>
      <Unbroken>{value.slice(0, at)}</Unbroken>
      <wbr />
      <Unbroken>{value.slice(at)}</Unbroken>
    </span>
  );
}

const Unbroken = styled.span`
  white-space: nowrap;
`;

/** Label → value pairs of one record (a detail, a status): `<Facts><dt>When</dt><dd>…</dd></Facts>`. */
export const Facts = styled.dl`
  display: grid;
  /* Labels take their width up to 60%, then wrap: on a phone a long label leaves its value room
     (it broke "396" into one digit per line). */
  grid-template-columns: fit-content(60%) minmax(0, 1fr);
  gap: 0.35rem 1rem;
  margin: 0 0 1rem;
  font-size: 0.9rem;
  dt {
    font-weight: 600;
    color: ${tokens.colors.muted};
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** The header row of a plain table: one column header per label. */
export function TableHead({ labels }: { labels: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A small read-only table (versions, recent actions): no sorting, no paging. */
export const PlainTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 0.4rem 0.6rem;
    border-bottom: 1px solid ${tokens.colors.border};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    color: ${tokens.colors.muted};
    font-weight: 600;
  }
  time {
    white-space: nowrap;
  }
  code {
    font-size: 0.8rem;
    word-break: break-all;
  }
`;

/**
 * A table that is wider than a phone scrolls sideways inside this region rather than squeezing its
 * words apart; the region is named (by its table's heading) and focusable, so a keyboard scrolls it too.
 */
export const ScrollRegion = styled.div.attrs({ role: 'region', tabIndex: 0 })`
  overflow-x: auto;
  max-width: 100%;
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
  /* Words stay whole: the table is as narrow as its longest word, and scrolls beyond that. */
  > table th,
  > table td {
    overflow-wrap: normal;
    word-break: normal;
  }
`;
