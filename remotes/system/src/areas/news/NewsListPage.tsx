import styled from 'styled-components';
import { NEWS_CATEGORIES, NEWS_STATUSES, newsResource } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatDateTime, markdownToPlainText, truncate, updatedColumn, type BadgeTone } from '@phoenix/ui';

export const STATUS_TONE: Record<(typeof NEWS_STATUSES)[number], BadgeTone> = {
  scheduled: 'info',
  published: 'success',
  expired: 'neutral',
};

const Excerpt = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.8125rem;
  max-width: 32rem;
`;

export default function NewsListPage() {
  const { t } = useTranslation('system');
  const list = useListController(newsResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('news.search')}
      deleteBody={() => t('news.deleteBody')}
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['category', NEWS_CATEGORIES, 'categories'],
            ['status', NEWS_STATUSES, 'statuses'],
          ]}
        />
      }
      columns={[
        {
          key: 'title',
          sortable: true,
          width: '30%',
          render: (news) => (
            <>
              <strong>{news.title}</strong>
              {/* The body as one line of plain text: markdown dropped, HTML left as the text it is. */}
              <Excerpt>{truncate(markdownToPlainText(news.body), 140)}</Excerpt>
            </>
          ),
        },
        { key: 'category', sortable: true, render: (news) => t(`news.categories.${news.category}`) },
        {
          key: 'status',
          render: (news) => <Badge $tone={STATUS_TONE[news.status]}>{t(`news.statuses.${news.status}`)}</Badge>,
        },
        { key: 'publishStart', sortable: true, render: (news) => formatDateTime(news.publishStart) },
        {
          key: 'publishEnd',
          sortable: true,
          render: (news) => (news.publishEnd ? formatDateTime(news.publishEnd) : t('news.noEnd')),
        },
        {
          key: 'pinned',
          sortable: true,
          render: (news) => (news.pinned ? <Badge $tone="warning">{t('news.fields.pinned')}</Badge> : t('common.no')),
        },
        updatedColumn(),
      ]}
    />
  );
}
