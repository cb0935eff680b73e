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
 * Plain cells under one static row (a skeleton is 5 rows of every column: 90 styled renders otherwise).
 * `&&`: these rules outrank DataTable's own cell rules (`table > tbody > tr > td`), as the skeleton's
 * styled cells did before they were plain.
 */
const SkeletonRow = styled.tr`
  && > td {
    padding: 0.7rem 0.75rem;
    border-bottom: 1px solid ${tokens.colors.subtle};
  }
  && > td > span {
    display: block;
    height: 0.8rem;
    border-radius: 4px;
    background: ${tokens.colors.subtle};
    animation: ${pulse} 1.4s ease-in-out infinite;
  }
`;

/**
 * Placeholder table rows while a list loads (keeps the table's height, so nothing jumps).
 * Render inside a <tbody>.
 */
export function LoadingSkeleton({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <SkeletonRow key={r} aria-hidden="true" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c}>
              <span style={{ width: `${40 + ((r * 7 + c * 13) % 50)}%` }} />
            </td>
          ))}
        </SkeletonRow>
      ))}
    </>
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
