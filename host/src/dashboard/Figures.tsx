import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_SERIES_DAYS,
  LEDGER_ENTRY_KINDS,
  type DashboardSummary,
  type EconomyDays,
  type EconomyRolledDay,
  type LedgerEntryKind,
} from '@phoenix/contract';
import { AreaLink, usePointsApi } from '@phoenix/shell';
import { Button, SeriesChart, tokens } from '@phoenix/ui';
import { useHostTranslation } from '../layout/hostI18n';

/** The per-day series' periods, in days (today included), and the players' activity windows. */
const DAY_PERIODS = [1, 7, 30] as const;
type DayPeriod = (typeof DAY_PERIODS)[number];
const ACTIVE_WINDOWS = ['hour', 'day', 'week'] as const;
type ActiveWindow = (typeof ACTIVE_WINDOWS)[number];

/** GET /economy/days on the points API: the dashboard reads the series' longest period once and shows a part of it. */
export const ECONOMY_DAYS_KEY = ['points', 'economy', 'days', DASHBOARD_SERIES_DAYS] as const;

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The items of a per-day series within the period's last days (a day not rolled yet is absent, not 0). */
function within<T extends { day: string }>(days: T[], period: number, today: string): T[] {
  const first = firstDay(period, today);
  return days.filter((d) => d.day >= first);
}
const firstDay = (period: number, today: string) => utcDay(Date.parse(`${today}T00:00:00Z`) - (period - 1) * DAY_MS);

export const FigurePanel = styled.section`
  background: ${tokens.colors.surface};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  padding: 1rem 1.25rem;
  min-width: 0;
  display: grid;
  gap: 0.9rem;
  align-content: start;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  a:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
`;

const Toggle = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  button[aria-pressed='true'] {
    background: ${tokens.colors.primary};
    border-color: ${tokens.colors.primary};
    color: ${tokens.colors.primaryText};
  }
`;

const Big = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  margin: 0;
  div {
    display: flex;
    flex-direction: column;
  }
  dt {
    color: ${tokens.colors.muted};
    font-size: 0.85rem;
  }
  dd {
    order: -1;
    margin: 0;
    font-size: 1.6rem;
    font-weight: 700;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.muted};
`;

/** A group of pressed/unpressed buttons: one period at a time. */
function PeriodToggle<T extends string | number>({
  label,
  options,
  value,
  onChange,
  text,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  text: (option: T) => string;
}) {
  return (
    <Toggle role="group" aria-label={label}>
      {options.map((option) => (
        <Button key={option} size="sm" aria-pressed={option === value} onClick={() => onChange(option)}>
          {text(option)}
        </Button>
      ))}
    </Toggle>
  );
}

/** One big figure linked to the page behind it (its text alone when this console has no such page). */
function LinkedFigure({ label, value, link }: { label: string; value: number | undefined; link: (text: string) => ReactNode }) {
  const text = value === undefined ? '…' : value.toLocaleString();
  return (
    <div>
      <dt>{label}</dt>
      <dd>{link(text)}</dd>
    </div>
  );
}

/**
 * Players seen lately (1 h / 24 h / 7 d) and battles started per day (today, 7 or 30 days), from the
 * summary: the series is the BFF's daily rollup and today so far.
 */
export function ActivityPanel({ summary }: { summary: DashboardSummary | undefined }) {
  const { t } = useHostTranslation();
  const [activeWindow, setActiveWindow] = useState<ActiveWindow>('day');
  const [period, setPeriod] = useState<DayPeriod>(7);
  const activity = summary?.activity;
  const today = activity?.battlesPerDay.at(-1)?.day ?? utcDay(Date.now());
  const days = activity ? within(activity.battlesPerDay, period, today) : [];
  const periodText = (p: DayPeriod) => t(`dashboard.figures.period.${p}`);
  const battlesLabel = t('dashboard.figures.battlesIn', { since: t(`dashboard.figures.since.${period}`) });
  const playersLabel = t('dashboard.figures.playersIn', { since: t(`dashboard.figures.windowSince.${activeWindow}`) });
  const battles = activity ? days.reduce((sum, d) => sum + d.battles, 0) : undefined;
  return (
    <FigurePanel aria-labelledby="activity-title">
      <h2 id="activity-title">{t('dashboard.figures.activityTitle')}</h2>
      {summary && !activity ? (
        <Muted>{t('dashboard.figures.notServed')}</Muted>
      ) : (
        <>
          <Head>
            <Big>
              <LinkedFigure
                label={playersLabel}
                value={activity?.playersActive[activeWindow]}
                link={(text) => (
                  <AreaLink
                    area="players"
                    params={{ sort: 'lastSeenAt', order: 'desc' }}
                    fallback={text}
                    aria-label={`${playersLabel}: ${text}`}
                  >
                    {text}
                  </AreaLink>
                )}
              />
            </Big>
            <PeriodToggle
              label={t('dashboard.figures.playersPeriod')}
              options={ACTIVE_WINDOWS}
              value={activeWindow}
              onChange={setActiveWindow}
              text={(w) => t(`dashboard.figures.window.${w}`)}
            />
          </Head>
          <Head>
            <Big>
              <LinkedFigure
                label={battlesLabel}
                value={battles}
                link={(text) => (
                  <AreaLink
                    area="battles"
                    params={{ from: `${firstDay(period, today)}T00:00:00.000Z` }}
                    fallback={text}
                    aria-label={`${battlesLabel}: ${text}`}
                  >
                    {text}
                  </AreaLink>
                )}
              />
            </Big>
            <PeriodToggle
              label={t('dashboard.figures.battlesPeriod')}
              options={DAY_PERIODS}
              value={period}
              onChange={setPeriod}
              text={periodText}
            />
          </Head>
          {activity && (
            <SeriesChart
              title={t('dashboard.figures.battlesPerDay')}
              note={t('dashboard.figures.todaySoFar')}
              days={days.map((d) => d.day)}
              series={[{ label: t('dashboard.figures.battles'), values: days.map((d) => d.battles) }]}
            />
          )}
        </>
      )}
    </FigurePanel>
  );
}

const total = (byKind: EconomyRolledDay['issued']) => Object.values(byKind).reduce<number>((sum, n) => sum + (n ?? 0), 0);

/** The kinds that moved points in the period, in the ledger's order, as one series each. */
function byKind(days: EconomyRolledDay[], side: 'issued' | 'spent', label: (kind: LedgerEntryKind) => string) {
  return LEDGER_ENTRY_KINDS.filter((kind) => days.some((d) => d[side][kind])).map((kind) => ({
    label: label(kind),
    values: days.map((d) => d[side][kind] ?? 0),
  }));
}

/**
 * Points issued by source and spent by sink per day, read from the points API's daily rollup (its
 * own service: if it is down, this panel says so and the rest of the dashboard still works).
 */
export function PointsPanel() {
  const { t } = useHostTranslation();
  const api = usePointsApi();
  const [period, setPeriod] = useState<DayPeriod>(7);
  const economy = useQuery<EconomyDays>({
    queryKey: ECONOMY_DAYS_KEY,
    queryFn: () => api.get<EconomyDays>(`/economy/days?days=${DASHBOARD_SERIES_DAYS}`),
  });
  const data = economy.data;
  const days = data ? within(data.days, period, data.today) : [];
  const periodText = (p: DayPeriod) => t(`dashboard.figures.period.${p}`);
  const kind = (k: LedgerEntryKind) => t(`dashboard.figures.kinds.${k}`);
  const issuedLabel = t('dashboard.figures.issuedIn', { since: t(`dashboard.figures.since.${period}`) });
  const spentLabel = t('dashboard.figures.spentIn', { since: t(`dashboard.figures.since.${period}`) });
  const economyParams = data ? { from: firstDay(period, data.today), to: data.today } : undefined;
  const figure = (label: string, value: number | undefined) => (
    <LinkedFigure
      label={label}
      value={value}
      link={(text) => (
        <AreaLink area="economy" params={economyParams} fallback={text} aria-label={`${label}: ${text}`}>
          {text}
        </AreaLink>
      )}
    />
  );
  const issued = byKind(days, 'issued', kind);
  const spent = byKind(days, 'spent', kind);
  return (
    <FigurePanel aria-labelledby="points-figures-title">
      <h2 id="points-figures-title">{t('dashboard.figures.pointsTitle')}</h2>
      {economy.error ? (
        <Muted role="alert">{t('dashboard.pointsMaintenance.unavailable')}</Muted>
      ) : (
        <>
          <Head>
            <Big>
              {figure(issuedLabel, data ? days.reduce((sum, d) => sum + total(d.issued), 0) : undefined)}
              {figure(spentLabel, data ? days.reduce((sum, d) => sum + total(d.spent), 0) : undefined)}
            </Big>
            <PeriodToggle
              label={t('dashboard.figures.pointsPeriod')}
              options={DAY_PERIODS}
              value={period}
              onChange={setPeriod}
              text={periodText}
            />
          </Head>
          {data && (
            <>
              <SeriesChart
                title={t('dashboard.figures.issuedPerDay')}
                kind="lines"
                days={days.map((d) => d.day)}
                series={issued.length ? issued : [{ label: t('dashboard.figures.issued'), values: days.map(() => 0) }]}
              />
              <SeriesChart
                title={t('dashboard.figures.spentPerDay')}
                kind="lines"
                days={days.map((d) => d.day)}
                series={spent.length ? spent : [{ label: t('dashboard.figures.spent'), values: days.map(() => 0) }]}
              />
            </>
          )}
        </>
      )}
    </FigurePanel>
  );
}
