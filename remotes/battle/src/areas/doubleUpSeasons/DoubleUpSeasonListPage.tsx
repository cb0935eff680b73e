import { useQuery } from '@tanstack/react-query';
import { doubleUpSeasonResource, type DoubleUpParticipant, type DoubleUpSeason } from '@phoenix/contract';
import {
  describeError,
  RecordDetailModal,
  ResourceListPage,
  resourceKeys,
  useApi,
  useDetailParam,
  useListController,
  useTranslation,
  type ApiRequestError,
} from '@phoenix/shell';
import {
  Badge,
  Button,
  VisuallyHidden,
  ErrorState,
  Facts,
  formatDateTime,
  formatNumber,
  LoadingBlock,
  PlainTable,
  TableHead,
} from '@phoenix/ui';
import { PeriodFilters } from './PeriodFilters';

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));

/** Read-only double-up seasons: period filter, sorts, CSV; the detail (?id=) lists the top participants. */
export default function DoubleUpSeasonListPage() {
  const { t } = useTranslation('battle');
  const list = useListController(doubleUpSeasonResource);
  const detail = useDetailParam();
  const { from, to } = list.filters;
  return (
    <ResourceListPage
      list={list}
      title={t('doubleUp.title')}
      description={t('doubleUp.description')}
      searchLabel={t('doubleUp.search')}
      labelOf={(s) => s.name}
      before={<PeriodFilters key={`${from}|${to}`} applied={{ from, to }} onApply={list.setFilters} />}
      rowActions={(s) => (
        <Button size="sm" variant="ghost" onClick={() => detail.open(s.id)} aria-label={t('doubleUp.viewLabel', { name: s.name })}>
          {t('battles.view')}
        </Button>
      )}
      columns={[
        { key: 'name', header: t('doubleUp.season') },
        {
          key: 'startsAt',
          sortable: true,
          header: t('doubleUp.period'),
          render: (s) => `${formatDateTime(s.startsAt)} – ${formatDateTime(s.endsAt)}`,
        },
        {
          key: 'participants',
          sortable: true,
          align: 'right',
          header: t('doubleUp.participants'),
          render: (s) => formatNumber(s.participants),
        },
        {
          key: 'totalWagered',
          sortable: true,
          align: 'right',
          header: t('doubleUp.totalWagered'),
          render: (s) => formatNumber(s.totalWagered),
        },
        { key: 'paidOut', sortable: true, align: 'right', header: t('doubleUp.paidOut'), render: (s) => formatNumber(s.paidOut) },
        {
          key: 'houseResult',
          sortable: true,
          align: 'right',
          header: t('doubleUp.houseResult'),
          render: (s) => <HouseResult value={s.houseResult} />,
        },
      ]}
    >
      {detail.isOpen && (
        <RecordDetailModal
          resource={doubleUpSeasonResource}
          id={detail.id}
          title={detail.id === null ? t('doubleUp.season') : t('doubleUp.detailTitle', { id: detail.id })}
          onClose={detail.close}
        >
          {(season) => <SeasonDetail season={season} />}
        </RecordDetailModal>
      )}
    </ResourceListPage>
  );
}

function HouseResult({ value }: { value: number }) {
  const { t } = useTranslation('battle');
  return (
    <Badge $tone={value >= 0 ? 'success' : 'danger'}>
      {signed(value)}
      <VisuallyHidden>{t(value >= 0 ? 'doubleUp.houseWon' : 'doubleUp.houseLost')}</VisuallyHidden>
    </Badge>
  );
}

function SeasonDetail({ season }: { season: DoubleUpSeason }) {
  const { t } = useTranslation('battle');
  const api = useApi();
  const top = useQuery<{ items: DoubleUpParticipant[] }, ApiRequestError>({
    queryKey: [...resourceKeys.all('double-up-seasons'), 'top', season.id],
    queryFn: () => api.get(`/double-up-seasons/${season.id}/top-participants`),
  });
  return (
    <>
      <Facts>
        <dt>{t('doubleUp.season')}</dt>
        <dd>{season.name}</dd>
        <dt>{t('doubleUp.period')}</dt>
        <dd>{`${formatDateTime(season.startsAt)} – ${formatDateTime(season.endsAt)}`}</dd>
        <dt>{t('doubleUp.participants')}</dt>
        <dd>{formatNumber(season.participants)}</dd>
        <dt>{t('doubleUp.totalWagered')}</dt>
        <dd>{formatNumber(season.totalWagered)}</dd>
        <dt>{t('doubleUp.paidOut')}</dt>
        <dd>{formatNumber(season.paidOut)}</dd>
        <dt>{t('doubleUp.houseResult')}</dt>
        <dd>
          <HouseResult value={season.houseResult} />
        </dd>
      </Facts>
      {top.error ? (
        <ErrorState message={describeError(top.error)} onRetry={() => void top.refetch()} />
      ) : !top.data ? (
        <LoadingBlock label={t('doubleUp.loadingTop')} />
      ) : (
        <PlainTable>
          <caption>{t('doubleUp.top')}</caption>
          <TableHead
            labels={[
              t('doubleUp.rank'),
              t('battles.player'),
              t('doubleUp.wagered'),
              t('doubleUp.paidOut'),
              t('doubleUp.net'),
              t('doubleUp.rounds'),
            ]}
          />
          <tbody>
            {top.data.items.map((p) => (
              <tr key={p.playerId}>
                <td>{p.rank}</td>
                <td>{p.playerId}</td>
                <td>{formatNumber(p.wagered)}</td>
                <td>{formatNumber(p.paidOut)}</td>
                <td>{signed(p.net)}</td>
                <td>{formatNumber(p.rounds)}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </>
  );
}
