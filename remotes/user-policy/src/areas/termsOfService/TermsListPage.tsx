import { TERMS_STATUSES, termsOfServiceResource, type TermsPublish } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useRecordAction, useTranslation } from '@phoenix/shell';
import { Button, formatDateTime, updatedColumn } from '@phoenix/ui';
import { TermsStatusBadge } from './TermsStatusBadge';

/** Terms of service versions: drafts are edited and published here; published ones only viewed. */
export default function TermsListPage() {
  const { t } = useTranslation('userPolicy');
  const list = useListController(termsOfServiceResource);
  const publish = useRecordAction<typeof termsOfServiceResource, TermsPublish>(termsOfServiceResource, {
    action: 'publish',
    body: (v) => ({ version: v.version }),
    confirm: (v) => ({
      title: t('terms.publishTitle', { title: v.title }),
      body: t('terms.publishBody', { at: formatDateTime(v.effectiveAt) }),
      okText: t('terms.publish'),
      cancelText: t('terms.keepDraft'),
    }),
    success: (v) => t(v.status === 'current' ? 'terms.publishedNow' : 'terms.publishedScheduled', { title: v.title }),
  });

  return (
    <ResourceListPage
      list={list}
      title={t('terms.title')}
      description={t('terms.description')}
      searchLabel={t('terms.search')}
      labelOf={(v) => `"${v.title}"`}
      deletable={(v) => v.status === 'draft'}
      filters={<EnumFilters list={list} t={t} prefix="terms" filters={[['status', TERMS_STATUSES, 'statuses']]} />}
      rowActions={(v) =>
        v.status === 'draft' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => publish.run(v)}
            disabled={publish.pendingId === v.id}
            aria-label={t('terms.publishLabel', { title: v.title, id: v.id })}
          >
            {t('terms.publish')}
          </Button>
        )
      }
      columns={[
        { key: 'title', sortable: true, width: '35%', header: t('terms.titleField'), render: (v) => <strong>{v.title}</strong> },
        { key: 'status', header: t('terms.status'), render: (v) => <TermsStatusBadge status={v.status} /> },
        { key: 'effectiveAt', sortable: true, header: t('terms.effectiveAt'), render: (v) => formatDateTime(v.effectiveAt) },
        {
          key: 'publishedAt',
          sortable: true,
          header: t('terms.publishedAt'),
          render: (v) => (v.publishedAt ? t('terms.byAt', { who: v.publishedBy ?? '—', at: formatDateTime(v.publishedAt) }) : '—'),
        },
        updatedColumn(),
      ]}
    />
  );
}
