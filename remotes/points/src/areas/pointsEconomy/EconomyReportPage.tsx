import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { economyQuerySchema, LEDGER_ENTRY_KINDS, type EconomyDay, type EconomyReport, type LedgerEntryKind } from '@phoenix/contract';
import { describeError, errorText, usePointsApi, useTranslation, type ApiRequestError } from '@phoenix/shell';
import {
  Button,
  ErrorState,
  FilterBar,
  FormActions,
  LoadingBlock,
  PageBody,
  PageHeader,
  Panel,
  PlainTable,
  SeriesChart,
  TableHead,
  TextField,
  formatNumber,
} from '@phoenix/ui';
import { ReconciliationPanel } from './ReconciliationPanel';
import './i18n';

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
/** The default period: the last 7 days, today (UTC) included. */
const lastWeek = () => ({ from: utcDay(Date.now() - 6 * DAY_MS), to: utcDay(Date.now()) });

/**
 * points/economy?from=YYYY-MM-DD&to=YYYY-MM-DD: points issued by source and spent by sink per day
 * (UTC), the reversals either way and the points in circulation; above them the reconciliation
 * that proves the books balance, now and as the nightly run found it. The period lives in the URL.
 */
export default function EconomyReportPage() {
  const { t } = useTranslation('points');
  const api = usePointsApi();
  const [params, setParams] = useSearchParams();
  const period = { from: params.get('from') ?? lastWeek().from, to: params.get('to') ?? lastWeek().to };
  const [typed, setTyped] = useState(period);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // Back and forward move the period in the URL: the fields follow it.
  useEffect(() => setTyped({ from: period.from, to: period.to }), [period.from, period.to]);
  const report = useQuery<EconomyReport, ApiRequestError>({
    queryKey: ['points', 'economy', period.from, period.to],
    queryFn: () => api.get('/economy/report', period),
    retry: (count, error) => error.status !== 400 && count < 2,
  });
  // A link with a period the API refuses: its reasons on the fields, what was typed kept.
  const fieldErrors = report.error?.isValidation ? report.error.fieldErrors : errors;

  const show = (event: FormEvent) => {
    event.preventDefault();
    const parsed = economyQuerySchema.safeParse(typed);
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (next[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    setParams({ from: parsed.data.from, to: parsed.data.to });
  };
  const fieldError = (name: 'from' | 'to') => (fieldErrors[name]?.[0] ? errorText(fieldErrors[name][0]) : undefined);

  return (
    <PageBody>
      <PageHeader title={t('economy.title')} description={t('economy.description')} />
      <Panel aria-labelledby="economy-period-title">
        <h2 id="economy-period-title">{t('economy.period')}</h2>
        <p>{t('economy.utc')}</p>
        <form onSubmit={show} noValidate>
          <FilterBar>
            <TextField
              label={t('economy.from')}
              type="date"
              value={typed.from}
              onChange={(e) => setTyped({ ...typed, from: e.target.value })}
              error={fieldError('from')}
              required
            />
            <TextField
              label={t('economy.to')}
              type="date"
              value={typed.to}
              onChange={(e) => setTyped({ ...typed, to: e.target.value })}
              error={fieldError('to')}
              required
            />
            <FormActions>
              <Button type="submit" variant="primary">
                {t('economy.show')}
              </Button>
            </FormActions>
          </FilterBar>
        </form>
      </Panel>
      {report.error && !report.error.isValidation ? (
        <ErrorState message={describeError(report.error)} onRetry={() => void report.refetch()} />
      ) : report.error ? null : !report.data ? (
        <LoadingBlock label={t('economy.loading')} />
      ) : (
        <>
          <ReconciliationPanel now={report.data.reconciliation} nightly={report.data.lastNightly} />
          <DaysCharts report={report.data} />
          <DaysTable report={report.data} />
        </>
      )}
    </PageBody>
  );
}

/**
 * The days as charts (the UI kit's, the dashboard's too): issued by source, spent by sink, and the
 * points in circulation; each chart carries a table of its numbers for a screen reader.
 */
function DaysCharts({ report }: { report: EconomyReport }) {
  const { t } = useTranslation('points');
  const days = report.days.map((d) => d.day);
  const bySide = (side: 'issued' | 'spent') => {
    const kinds = LEDGER_ENTRY_KINDS.filter((kind) => report.days.some((d) => d[side][kind]));
    return kinds.length
      ? kinds.map((kind) => ({ label: t(`pointAccounts.kinds.${kind}`), values: report.days.map((d) => d[side][kind] ?? 0) }))
      : [{ label: t(`economy.${side}`), values: report.days.map(() => 0) }];
  };
  return (
    <Panel aria-labelledby="economy-charts-title">
      <h2 id="economy-charts-title">{t('economy.charts.title')}</h2>
      <div style={{ display: 'grid', gap: '1.5rem' }}>
        <SeriesChart title={t('economy.charts.issued')} kind="lines" days={days} series={bySide('issued')} />
        <SeriesChart title={t('economy.charts.spent')} kind="lines" days={days} series={bySide('spent')} />
        <SeriesChart
          title={t('economy.charts.circulation')}
          kind="lines"
          days={days}
          series={[{ label: t('economy.circulation'), values: report.days.map((d) => d.circulation) }]}
        />
      </div>
    </Panel>
  );
}

function DaysTable({ report }: { report: EconomyReport }) {
  const { t } = useTranslation('points');
  const kinds = (byKind: EconomyDay['issued']) =>
    LEDGER_ENTRY_KINDS.filter((kind): kind is LedgerEntryKind => Boolean(byKind[kind]))
      .map((kind) => `${t(`pointAccounts.kinds.${kind}`)} ${formatNumber(byKind[kind]!)}`)
      .join(' · ');
  const sum = (byKind: EconomyDay['issued']) => Object.values(byKind).reduce((total, n) => total + (n ?? 0), 0);
  const totals = report.days.reduce(
    (acc, d) => ({
      issued: acc.issued + sum(d.issued),
      spent: acc.spent + sum(d.spent),
      refunded: acc.refunded + d.refunded,
      reversedAway: acc.reversedAway + d.reversedAway,
      entries: acc.entries + d.entries,
    }),
    { issued: 0, spent: 0, refunded: 0, reversedAway: 0, entries: 0 },
  );
  const net = (issued: number, spent: number, refunded: number, away: number) => issued - spent + refunded - away;
  return (
    <Panel aria-labelledby="economy-days-title">
      <h2 id="economy-days-title">{t('economy.days')}</h2>
      <PlainTable>
        <caption>{t('economy.caption', { from: report.from, to: report.to })}</caption>
        <TableHead
          labels={[
            t('economy.day'),
            t('economy.issued'),
            t('economy.spent'),
            t('economy.refunded'),
            t('economy.reversedAway'),
            t('economy.net'),
            t('economy.circulation'),
            t('economy.entries'),
          ]}
        />
        <tbody>
          {report.days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>
                {formatNumber(sum(d.issued))}
                {sum(d.issued) > 0 && <small style={{ display: 'block' }}>{kinds(d.issued)}</small>}
              </td>
              <td>
                {formatNumber(sum(d.spent))}
                {sum(d.spent) > 0 && <small style={{ display: 'block' }}>{kinds(d.spent)}</small>}
              </td>
              <td>{formatNumber(d.refunded)}</td>
              <td>{formatNumber(d.reversedAway)}</td>
              <td>{formatNumber(net(sum(d.issued), sum(d.spent), d.refunded, d.reversedAway))}</td>
              <td>{formatNumber(d.circulation)}</td>
              <td>{formatNumber(d.entries)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('economy.total')}</th>
            <td>{formatNumber(totals.issued)}</td>
            <td>{formatNumber(totals.spent)}</td>
            <td>{formatNumber(totals.refunded)}</td>
            <td>{formatNumber(totals.reversedAway)}</td>
            <td>{formatNumber(net(totals.issued, totals.spent, totals.refunded, totals.reversedAway))}</td>
            <td>{formatNumber(report.days.at(-1)?.circulation ?? 0)}</td>
            <td>{formatNumber(totals.entries)}</td>
          </tr>
        </tfoot>
      </PlainTable>
    </Panel>
  );
}
