import { diffLines, diffWords, type Change } from 'diff';
import styled from 'styled-components';
import type { TermsVersion } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { VisuallyHidden } from '@phoenix/ui';

const Block = styled.div`
  font-family: ${({ theme }) => theme.monoFont};
  font-size: 0.8125rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 24rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 0.5rem;
  ins {
    text-decoration: none;
    background: ${({ theme }) => theme.colors.successSurface};
  }
  del {
    background: ${({ theme }) => theme.colors.dangerSurface};
  }
`;
const Summary = styled.p`
  margin: 0 0 0.5rem;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.875rem;
`;
const Label = styled.h3`
  margin: 0.75rem 0 0.25rem;
  font-size: 0.875rem;
`;

/** Added text as <ins>, removed as <del> (named for screen readers too); values are text, never HTML. */
function Parts({ parts }: { parts: Change[] }) {
  const { t } = useTranslation('userPolicy');
  return (
    <>
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i}>
            <VisuallyHidden>{t('termsOfService.diffAdded')} </VisuallyHidden>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i}>
            <VisuallyHidden>{t('termsOfService.diffRemoved')} </VisuallyHidden>
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </>
  );
}

const lineCount = (parts: Change[], kind: 'added' | 'removed') =>
  parts.filter((p) => p[kind]).reduce((sum, p) => sum + (p.count ?? p.value.split('\n').length), 0);

/** The difference between this version (title and body as typed) and the current one. */
export function TermsDiff({ current, title, body }: { current: TermsVersion | null; title: string; body: string }) {
  const { t } = useTranslation('userPolicy');
  if (!current) return <Summary>{t('termsOfService.noCurrent')}</Summary>;
  const titleParts = diffWords(current.title, title);
  const bodyParts = diffLines(current.body, body);
  const same = titleParts.every((p) => !p.added && !p.removed) && bodyParts.every((p) => !p.added && !p.removed);
  return (
    <div>
      <Summary>
        {same
          ? t('termsOfService.sameAsCurrent', { title: current.title })
          : t('termsOfService.diffSummary', {
              title: current.title,
              added: lineCount(bodyParts, 'added'),
              removed: lineCount(bodyParts, 'removed'),
            })}
      </Summary>
      {!same && (
        <>
          <Label>{t('termsOfService.fields.title')}</Label>
          <Block>
            <Parts parts={titleParts} />
          </Block>
          <Label>{t('termsOfService.body')}</Label>
          <Block>
            <Parts parts={bodyParts} />
          </Block>
        </>
      )}
    </div>
  );
}
