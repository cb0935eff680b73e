import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import styled from 'styled-components';
import { formatDay } from './chartFormat';
import { tokens } from '../theme';

/**
 * The parts of uPlot's stylesheet (uplot/dist/uPlot.min.css) its canvas and cursor need: the build
 * loads no CSS files, so they come with the component.
 */
const Root = styled.div`
  width: 100%;
  .uplot,
  .uplot * {
    box-sizing: border-box;
  }
  .uplot {
    font-family: inherit;
    line-height: 1.5;
    width: min-content;
  }
  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under,
  .u-axis {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  .uplot canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  .u-select {
    background: rgba(0, 0, 0, 0.07);
    position: absolute;
    pointer-events: none;
  }
  .u-cursor-x,
  .u-cursor-y {
    position: absolute;
    left: 0;
    top: 0;
    pointer-events: none;
  }
  .u-hz .u-cursor-x {
    height: 100%;
    border-right: 1px dashed ${tokens.colors.muted};
  }
  .u-hz .u-cursor-y {
    display: none;
  }
  .u-cursor-pt {
    position: absolute;
    top: 0;
    left: 0;
    border-radius: 50%;
    border: 0 solid;
    pointer-events: none;
    background-clip: padding-box !important;
  }
  .u-axis.u-off,
  .u-select.u-off,
  .u-cursor-x.u-off,
  .u-cursor-y.u-off,
  .u-cursor-pt.u-off {
    display: none;
  }
`;

const DAY_SECONDS = 86_400;

interface Props {
  days: string[];
  series: { label: string; values: number[]; color: string }[];
  kind: 'bars' | 'lines';
  height: number;
}

/** The chart of SeriesChart, drawn by uPlot at the container's width (and again when it changes). */
export default function UPlotChart({ days, series, kind, height }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const drawn = JSON.stringify([days, series, kind, height]);
  useEffect(() => {
    const element = host.current;
    // No layout, no canvas (a test's DOM has neither matchMedia nor ResizeObserver, which uPlot
    // needs as it loads): the table view carries the numbers.
    if (!element || typeof ResizeObserver === 'undefined' || typeof matchMedia !== 'function') return;
    let cancelled = false;
    let stop = () => {};
    void import('uplot').then(({ default: UPlot }) => {
      if (!cancelled) stop = draw(UPlot, element, { days, series, kind, height });
    });
    return () => {
      cancelled = true;
      stop();
    };
    // `drawn` stands for days, series, kind and height: a new array of the same numbers draws nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn]);
  return <Root ref={host} />;
}

/** Draws the chart into `element`; returns what takes it down. */
function draw(UPlot: typeof uPlot, element: HTMLDivElement, { days, series, kind, height }: Props): () => void {
  const width = () => Math.max(160, element.clientWidth);
  const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const bars = kind === 'bars' && UPlot.paths.bars ? UPlot.paths.bars({ size: [0.7 / Math.max(1, series.length), 48] }) : undefined;
  const options: uPlot.Options = {
    width: width(),
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, y: false },
    scales: {
      // A day's bar is centred on the day; one day alone still has room either side.
      x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
    },
    axes: [
      {
        stroke: tokens.colors.muted,
        grid: { show: false },
        ticks: { show: false },
        space: 48,
        values: (_u, splits) => splits.map((s) => (s % DAY_SECONDS === 0 ? formatDay(new Date(s * 1000).toISOString().slice(0, 10)) : '')),
      },
      {
        stroke: tokens.colors.muted,
        grid: { stroke: tokens.colors.subtle, width: 1 },
        ticks: { show: false },
        size: 56,
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? s.toLocaleString() : '')),
      },
    ],
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        ...(bars ? { fill: `${s.color}cc`, paths: bars, points: { show: false } } : { points: { show: days.length <= 31, size: 5 } }),
      })),
    ],
  };
  let chart: uPlot;
  try {
    chart = new UPlot(options, [x, ...series.map((s) => s.values)], element);
  } catch {
    return () => {}; // a browser without canvas: the table view carries the numbers
  }
  const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
  observer.observe(element);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
