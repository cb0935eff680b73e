import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from './Button';
import { tokens } from './theme';

export type ToastKind = 'success' | 'error';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const Region = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 1100;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  max-width: min(26rem, calc(100vw - 2rem));
  font-family: ${tokens.font};
`;
const Item = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 0.65rem 0.75rem;
  border-radius: ${tokens.radius};
  border: 1px solid ${({ theme, $kind }) => ($kind === 'error' ? theme.colors.danger : theme.colors.success)};
  border-left-width: 5px;
  background: ${({ theme, $kind }) => ($kind === 'error' ? theme.colors.dangerSurface : theme.colors.successSurface)};
  color: ${tokens.colors.text};
  box-shadow: ${tokens.shadow};
  font-size: 0.875rem;
`;
const Message = styled.p`
  margin: 0;
  flex: 1;
  overflow-wrap: anywhere;
`;

/**
 * Toasts: successes are polite (role="status"), errors interrupt (role="alert").
 * Messages are plain text. The container is a labelled region only while it holds something
 * (an aria-label needs a role, and an empty landmark is noise for screen readers).
 */
export function ToastList({ toasts, onDismiss }: { toasts: readonly ToastItem[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation('ui');
  const label = toasts.length > 0 ? t('toasts.region') : undefined;
  return (
    <Region role={label ? 'region' : undefined} aria-label={label}>
      {toasts.map((toast) => (
        <Item key={toast.id} $kind={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <Message>{toast.message}</Message>
          <IconButton label={t('toasts.dismiss')} icon="✕" onClick={() => onDismiss(toast.id)} />
        </Item>
      ))}
    </Region>
  );
}
