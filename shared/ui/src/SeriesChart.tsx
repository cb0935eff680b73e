import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';
import { visuallyHidden } from './focus';
import { CHART_COLORS, formatDay } from './chart/chartFormat';
import { PlainTable, ScrollRegion, TableHead } from './layout';
import { tokens } from './theme';

/**
 * uPlot and its drawing code load only when a chart is on screen (a chunk of their own): the
 * console's first paint and a page without a chart never carry them.
 */
const UPlotChart = lazy(() => import('./chart/UPlotChart'));

export { CHART_COLORS, formatDay };

export interface ChartSeries {
  label: string;
  values: number[];
  /** Defaults to the series' place in CHART_COLORS. */
  color?: string;
}

export interface SeriesChartProps {
  /** The chart's name: its caption, and its table's. */
  title: string;
  /** The x values: UTC days, 'YYYY-MM-DD', oldest first. */
  days: string[];
  series: ChartSeries[];
  /** Bars (counts per day, the default) or lines (levels, several series). */
  kind?: 'bars' | 'lines';
  /** In CSS pixels (default 180): the width follows the container's, down to a phone's. */
  height?: number;
  /** A line under the caption (what the last day holds, where the figures come from). */
  note?: string;
}

const Figure = styled.figure`
  margin: 0;
  min-width: 0;
`;

const Caption = styled.figcaption`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.25rem 0.75rem;
  margin-bottom: 0.4rem;
  font-weight: 600;
  small {
    display: block;
    font-weight: 400;
    color: ${tokens.colors.muted};
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.9rem;
  list-style: none;
  margin: 0.25rem 0 0;
  padding: 0;
  font-size: 0.85rem;
  li {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
  }
`;

const Swatch = styled.span<{ $color: string }>`
  width: 0.8rem;
  height: 0.8rem;
  border-radius: 2px;
  background: ${({ $color }) => $color};
`;

const Plot = styled.div<{ $height: number }>`
  min-height: ${({ $height }) => $height}px;
  width: 100%;
`;

const Hidden = styled.div`
  ${visuallyHidden}
`;

/**
 * A per-day series as a chart (uPlot, loaded lazily) with a table view of the same numbers: the
 * table is always in the page for a screen reader (visually hidden under the chart), and a toggle
 * shows it instead of the chart. The chart itself is hidden from assistive technology.
 */
export function SeriesChart({ title, days, series, kind = 'bars', height = 180, note }: SeriesChartProps) {
  const { t } = useTranslation('ui');
  const [asTable, setAsTable] = useState(false);
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? CHART_COLORS[i % CHART_COLORS.length]! }));
  const table = (
    <PlainTable>
      <caption>{title}</caption>
      <TableHead labels={[t('chart.day'), ...colored.map((s) => s.label)]} />
      <tbody>
        {days.map((day, row) => (
          <tr key={day}>
            <th scope="row">
              <time dateTime={day}>{formatDay(day)}</time>
            </th>
            {colored.map((s) => (
              <td key={s.label}>{(s.values[row] ?? 0).toLocaleString()}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
  return (
    <Figure>
      <Caption>
        <span>
          {title}
          {note && <small>{note}</small>}
        </span>
        <Button size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)} aria-label={t('chart.showTable', { title })}>
          {t('chart.table')}
        </Button>
      </Caption>
      {asTable ? (
        <ScrollRegion aria-label={t('chart.tableOf', { title })}>{table}</ScrollRegion>
      ) : (
        <>
          <Plot $height={height} aria-hidden="true" data-testid="series-chart-plot">
            <Suspense fallback={null}>
              <UPlotChart days={days} series={colored} kind={kind} height={height} />
            </Suspense>
          </Plot>
          {colored.length > 1 && (
            <Legend aria-hidden="true">
              {colored.map((s) => (
                <li key={s.label}>
                  <Swatch $color={s.color} />
                  {s.label}
                </li>
              ))}
            </Legend>
          )}
          <Hidden>{table}</Hidden>
        </>
      )}
    </Figure>
  );
}
