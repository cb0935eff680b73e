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
      title: t('termsOfService.publishTitle', { title: v.title }),
      body: t('termsOfService.publishBody', { at: formatDateTime(v.effectiveAt) }),
      okText: t('termsOfService.publish'),
      cancelText: t('termsOfService.keepDraft'),
    }),
    success: (v) => t(v.status === 'current' ? 'termsOfService.publishedNow' : 'termsOfService.publishedScheduled', { title: v.title }),
  });

  return (
    <ResourceListPage
      list={list}
      searchLabel={t('termsOfService.search')}
      deletable={(v) => v.status === 'draft'}
      filters={<EnumFilters list={list} filters={[['status', TERMS_STATUSES, 'statuses']]} />}
      rowChanges={(v) =>
        v.status === 'draft' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => publish.run(v)}
            disabled={publish.pendingId === v.id}
            aria-label={t('termsOfService.publishLabel', { title: v.title, id: v.id })}
          >
            {t('termsOfService.publish')}
          </Button>
        )
      }
      columns={[
        { key: 'title', sortable: true, width: '35%', render: (v) => <strong>{v.title}</strong> },
        { key: 'status', render: (v) => <TermsStatusBadge status={v.status} /> },
        { key: 'effectiveAt', sortable: true, render: (v) => formatDateTime(v.effectiveAt) },
        {
          key: 'publishedAt',
          sortable: true,
          render: (v) => (v.publishedAt ? t('termsOfService.byAt', { who: v.publishedBy ?? '—', at: formatDateTime(v.publishedAt) }) : '—'),
        },
        updatedColumn(),
      ]}
    />
  );
}
