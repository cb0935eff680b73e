import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  segmentMembersCsvPath,
  segmentsResource,
  type Policy,
  type Segment,
  type SegmentCount,
  type SegmentMemberIds,
} from '@phoenix/contract';
import {
  AreaLink,
  describeError,
  resourceKeys,
  saveTextFile,
  useApi,
  usePermissions,
  useResource,
  useToast,
  useTranslation,
} from '@phoenix/shell';
import {
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  Facts,
  LoadingBlock,
  PageHeader,
  Panel,
  formatDateTime,
  formatNumber,
} from '@phoenix/ui';
import { BanDialog, type BanTarget } from '../players/BanDialog';
import { describeCriteria, type Translate } from './criteria';

/**
 * `segments?id=`: a segment's page: its criteria, how many players match now, and what it is used
 * for: its members' ids as CSV, a ban of its members (confirmed with their count), a present sent
 * to it (from the present distribution page).
 */
export function SegmentPage({ id }: { id: number | null }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const permissions = usePermissions();
  const segment = useResource<Segment>('segments', id);
  const [ban, setBan] = useState<BanTarget | null>(null);
  const [busy, setBusy] = useState<'export' | 'ban' | null>(null);
  const version = segment.data?.version;
  const count = useQuery({
    queryKey: [...resourceKeys.detail('segments', id ?? ''), 'count', version],
    queryFn: () => api.get<SegmentCount>(`${segmentsResource.path}/${id}/count`),
    enabled: !!segment.data,
  });
  const policyId = segment.data?.criteria.policyId ?? null;
  const policy = useResource<Policy>('policies', policyId);

  const back = (
    <ButtonLink as={AreaLink} $size="sm" area="segments">
      {t('segments.back')}
    </ButtonLink>
  );
  if (id === null || segment.isNotFound)
    return (
      <EmptyState title={t('segments.notFound')} action={back}>
        {null}
      </EmptyState>
    );
  if (segment.error)
    return <ErrorState title={t('segments.loadFailed')} message={describeError(segment.error)} onRetry={segment.refetch} />;
  if (!segment.data) return <LoadingBlock />;
  const s = segment.data;

  const exportCsv = async () => {
    setBusy('export');
    try {
      saveTextFile(await api.getText(segmentMembersCsvPath(s.id)), `segment-${s.id}-members.csv`);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  };
  // The ids are read now: the dialog names how many, and exactly those are banned.
  const banMembers = async () => {
    setBusy('ban');
    try {
      const { ids } = await api.get<SegmentMemberIds>(`${segmentsResource.path}/${s.id}/member-ids`);
      if (ids.length === 0) toast.error(t('segments.nobodyToBan'));
      else setBan({ kind: 'bulk', ids });
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('segments.showTitle', { name: s.name })}
        description={s.description || undefined}
        actions={
          <>
            {back}{' '}
            {permissions.can('players', 'write') && (
              <ButtonLink as={AreaLink} $size="sm" area="segments" action="edit" record={s.id}>
                {t('segments.edit')}
              </ButtonLink>
            )}
          </>
        }
      />
      <Panel aria-labelledby="segment-members-title">
        <h2 id="segment-members-title">{t('segments.members')}</h2>
        <p role="status" aria-live="polite">
          {count.data
            ? t('segments.matching', { count: count.data.count, n: formatNumber(count.data.count) })
            : count.error
              ? describeError(count.error)
              : t('segments.counting')}
        </p>
        <Facts>
          <dt>{t('segments.criteria')}</dt>
          <dd>
            <ul>
              {describeCriteria(s.criteria, t as unknown as Translate, () => policy.data?.name ?? `#${policyId}`).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </dd>
          <dt>{t('segments.fields.updatedAt')}</dt>
          <dd>
            {formatDateTime(s.updatedAt)} · {s.updatedBy ?? '—'} · v{s.version}
          </dd>
        </Facts>
        <p>
          {permissions.can('players', 'export') && (
            <>
              <Button onClick={exportCsv} loading={busy === 'export'}>
                {t('segments.exportIds')}
              </Button>{' '}
            </>
          )}
          {permissions.can('players', 'write') && (
            <>
              <Button variant="danger" onClick={banMembers} loading={busy === 'ban'}>
                {t('segments.banMembers')}
              </Button>{' '}
            </>
          )}
          <ButtonLink as={AreaLink} $size="md" area="presentDistributions" params={{ segment: s.id }}>
            {t('segments.sendPresent')}
          </ButtonLink>
        </p>
      </Panel>
      <BanDialog target={ban} onClose={() => setBan(null)} />
    </>
  );
}
