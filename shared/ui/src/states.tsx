import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { Button } from './Button';
import { Panel } from './layout';
import { tokens } from './theme';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 2rem 1rem;
  text-align: center;
  color: ${tokens.colors.muted};
`;
const Title = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${tokens.colors.text};
`;
const Text = styled.p`
  margin: 0;
`;

/** Nothing to show: say so, and offer the next step (e.g. "New variable"). */
export function EmptyState({ title, children, action }: { title?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <Box>
      <Title>{title ?? t('states.emptyTitle')}</Title>
      {children && <Text>{children}</Text>}
      {action}
    </Box>
  );
}

const ErrorBox = styled(Box)`
  color: ${tokens.colors.danger};
`;

/** A failed load: what happened (a describeError sentence) and a Retry button. */
export function ErrorState({ message, onRetry, title }: { message: ReactNode; onRetry?: () => void; title?: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <ErrorBox role="alert">
      <Title>{title ?? t('states.errorTitle')}</Title>
      <Text>{message}</Text>
      {onRetry && <Button onClick={onRetry}>{t('states.retry')}</Button>}
    </ErrorBox>
  );
}

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;
/**
 * The skeleton's body: a row is one cell whose background draws a bar per column (equal widths), so
 * the 5 rows are 10 elements, not 5 × (cell + bar) per column. Replacing them with the list's rows
 * removes each from the layout, and a traced load records a stack per element removed (about 0.7 ms
 * each): 96 elements were 70 ms of the commit that shows a list's rows. The body pulses as a whole:
 * one animation, one `animationstart` for React's root listener, not one per bar.
 * `&&`: these rules outrank DataTable's own cell rules (`table > tbody > tr > td`).
 */
const SkeletonBody = styled.tbody<{ $columns: number }>`
  && {
    animation: ${pulse} 1.4s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    && {
      animation: none;
    }
  }
  && > tr > td {
    height: 0.8rem;
    padding: 0.7rem 0.75rem;
    border-bottom: 1px solid ${tokens.colors.subtle};
    background-image: linear-gradient(to right, ${tokens.colors.subtle} var(--bar), transparent var(--bar));
    background-size: calc(100% / ${({ $columns }) => $columns}) 0.8rem;
    background-repeat: repeat-x;
    background-position: left center;
    background-origin: content-box;
    background-clip: content-box;
    --bar: 70%;
  }
  && > tr:nth-child(2n) > td {
    --bar: 55%;
  }
  && > tr:nth-child(3n) > td {
    --bar: 80%;
  }
`;

/**
 * Placeholder rows while a list loads (keeps the table's height, so nothing jumps): a table's
 * <tbody>, in place of the one its rows go in.
 */
export function LoadingSkeleton({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <SkeletonBody $columns={columns}>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true" data-testid="skeleton-row">
          <td colSpan={columns} />
        </tr>
      ))}
    </SkeletonBody>
  );
}

/** Inline "Loading…" for a detail or a form, announced politely. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation('ui');
  return (
    <Box role="status" aria-live="polite">
      <Text>{label ?? t('states.loading')}</Text>
    </Box>
  );
}

/** The page of an area that a later issue builds: "<title>: not available yet". */
export function NotAvailableYet({ title }: { title: string }) {
  const { t } = useTranslation('ui');
  return (
    <Panel>
      <h1 style={{ margin: 0, fontSize: '1.5rem' }}>{title}</h1>
      <Text style={{ marginTop: '0.5rem' }}>{t('states.notAvailableYet', { title })}</Text>
    </Panel>
  );
}
