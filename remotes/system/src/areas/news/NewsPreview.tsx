import styled from 'styled-components';
import { useTranslation } from '@phoenix/shell';
import { Markdown, Panel } from '@phoenix/ui';

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
const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** What players will see, updated as the admin types. The body is rendered as safe markdown. */
export function NewsPreview({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('system');
  const empty = !title.trim() && !body.trim();
  return (
    <Panel aria-labelledby="news-preview-heading">
      <Heading id="news-preview-heading">{t('news.preview')}</Heading>
      {empty ? (
        <Empty>{t('news.previewEmpty')}</Empty>
      ) : (
        <>
          <Title>{title}</Title>
          <Markdown source={body} />
        </>
      )}
    </Panel>
  );
}
