import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { TermsVersion } from '@phoenix/contract';
import { parseRecordId, useResourceList, useTranslation } from '@phoenix/shell';
import { ErrorState, LoadingBlock, Markdown, Panel } from '@phoenix/ui';
import { TermsDiff } from './TermsDiff';

const Heading = styled.h2`
  margin: 0 0 0.75rem;
  font-size: 0.8125rem;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.muted};
`;
const Title = styled.p`
  margin: 0 0 0.5rem;
  font-size: 1.125rem;
  font-weight: 700;
`;

/** Beside the form: the version as players will read it (safe markdown), and what differs from the current one. */
export function TermsAside({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('userPolicy');
  const id = parseRecordId(useSearchParams()[0].get('id')); // the version being edited (null on create)
  const current = useResourceList<TermsVersion>('terms-of-service', { status: 'current', pageSize: 1 });
  const currentVersion = current.data?.items[0] ?? null;
  return (
    <>
      <Panel aria-labelledby="terms-preview-heading">
        <Heading id="terms-preview-heading">{t('termsOfService.preview')}</Heading>
        <Title>{title}</Title>
        <Markdown source={body} />
      </Panel>
      <Panel aria-labelledby="terms-diff-heading">
        <Heading id="terms-diff-heading">{t('termsOfService.diffTitle')}</Heading>
        {current.error ? (
          <ErrorState title={t('termsOfService.currentFailed')} message={current.error.message} onRetry={current.refetch} />
        ) : current.isLoading ? (
          <LoadingBlock label={t('termsOfService.currentLoading')} />
        ) : currentVersion && currentVersion.id === id ? (
          <p>{t('termsOfService.isCurrent')}</p>
        ) : (
          <TermsDiff current={currentVersion} title={title} body={body} />
        )}
      </Panel>
    </>
  );
}
