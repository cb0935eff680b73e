import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';
import { tokens } from './theme';

type Tone = 'danger' | 'warning' | 'success';

const Box = styled.div<{ $tone: Tone }>`
  border: 1px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-left-width: 5px;
  border-radius: ${tokens.radius};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Surface`]};
  color: ${tokens.colors.text};
  padding: 0.75rem 1rem;
  font-size: 0.875rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  p {
    margin: 0;
  }
`;
const Title = styled.p`
  font-weight: 700;
`;
const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/** A message block inside a page or form (form-level error, warning). role="alert" for danger. */
export function Alert({ tone = 'danger', title, children }: { tone?: Tone; title?: ReactNode; children?: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      {title && <Title>{title}</Title>}
      {children}
    </Box>
  );
}

/**
 * A 409 on save: someone else saved first. Shows their side and the two ways out
 * (wire to useRecordForm's conflict.reloadTheirs / conflict.keepMine).
 */
export function ConflictNotice({
  title,
  children,
  onReloadTheirs,
  onKeepMine,
}: {
  title?: ReactNode;
  children?: ReactNode;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <Box $tone="warning" role="alert" aria-label={t('conflict.label')}>
      <Title>{title ?? t('conflict.title')}</Title>
      {children}
      <p>{t('conflict.explain')}</p>
      <Row>
        <Button onClick={onReloadTheirs}>{t('conflict.reloadTheirs')}</Button>
        <Button variant="danger" onClick={onKeepMine}>
          {t('conflict.keepMine')}
        </Button>
      </Row>
    </Box>
  );
}
