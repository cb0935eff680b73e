import { useQuery } from '@tanstack/react-query';
import { doubleUpSeasonsResource, type DoubleUpParticipant, type DoubleUpSeason } from '@phoenix/contract';
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
  const list = useListController(doubleUpSeasonsResource);
  const detail = useDetailParam();
  const { from, to } = list.filters;
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('doubleUpSeasons.search')}
      before={<PeriodFilters key={`${from}|${to}`} applied={{ from, to }} onApply={list.setFilters} />}
      rowActions={(s) => (
        <Button size="sm" variant="ghost" onClick={() => detail.open(s.id)} aria-label={t('doubleUpSeasons.viewLabel', { name: s.name })}>
          {t('battles.view')}
        </Button>
      )}
      columns={[
        { key: 'name', field: 'season' },
        {
          key: 'startsAt',
          field: 'period',
          sortable: true,
          render: (s) => `${formatDateTime(s.startsAt)} – ${formatDateTime(s.endsAt)}`,
        },
        {
          key: 'participants',
          sortable: true,
          align: 'right',
          render: (s) => formatNumber(s.participants),
        },
        {
          key: 'totalWagered',
          sortable: true,
          align: 'right',
          render: (s) => formatNumber(s.totalWagered),
        },
        { key: 'paidOut', sortable: true, align: 'right', render: (s) => formatNumber(s.paidOut) },
        {
          key: 'houseResult',
          sortable: true,
          align: 'right',
          render: (s) => <HouseResult value={s.houseResult} />,
        },
      ]}
    >
      {detail.isOpen && (
        <RecordDetailModal
          resource={doubleUpSeasonsResource}
          id={detail.id}
          title={detail.id === null ? t('doubleUpSeasons.fields.season') : t('doubleUpSeasons.detailTitle', { id: detail.id })}
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
      <VisuallyHidden>{t(value >= 0 ? 'doubleUpSeasons.houseWon' : 'doubleUpSeasons.houseLost')}</VisuallyHidden>
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
        <dt>{t('doubleUpSeasons.fields.season')}</dt>
        <dd>{season.name}</dd>
        <dt>{t('doubleUpSeasons.fields.period')}</dt>
        <dd>{`${formatDateTime(season.startsAt)} – ${formatDateTime(season.endsAt)}`}</dd>
        <dt>{t('doubleUpSeasons.fields.participants')}</dt>
        <dd>{formatNumber(season.participants)}</dd>
        <dt>{t('doubleUpSeasons.fields.totalWagered')}</dt>
        <dd>{formatNumber(season.totalWagered)}</dd>
        <dt>{t('doubleUpSeasons.fields.paidOut')}</dt>
        <dd>{formatNumber(season.paidOut)}</dd>
        <dt>{t('doubleUpSeasons.fields.houseResult')}</dt>
        <dd>
          <HouseResult value={season.houseResult} />
        </dd>
      </Facts>
      {top.error ? (
        <ErrorState message={describeError(top.error)} onRetry={() => void top.refetch()} />
      ) : !top.data ? (
        <LoadingBlock label={t('doubleUpSeasons.loadingTop')} />
      ) : (
        <PlainTable>
          <caption>{t('doubleUpSeasons.top')}</caption>
          <TableHead
            labels={[
              t('doubleUpSeasons.rank'),
              t('battles.player'),
              t('doubleUpSeasons.wagered'),
              t('doubleUpSeasons.fields.paidOut'),
              t('doubleUpSeasons.net'),
              t('doubleUpSeasons.rounds'),
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
