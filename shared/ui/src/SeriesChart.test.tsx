import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { formatDay, SeriesChart } from './SeriesChart';
import { defaultTheme } from './theme';

const drawn: { options: { series: { label?: string }[] }; data: number[][] }[] = [];
jest.mock('uplot', () => {
  const UPlot = jest.fn(function (this: object, options: never, data: never) {
    drawn.push({ options, data });
    return { setSize: jest.fn(), destroy: jest.fn() };
  });
  Object.assign(UPlot, { paths: { bars: () => () => null } });
  return { __esModule: true, default: UPlot };
});

const DAYS = ['2030-01-14', '2030-01-15'];
const renderChart = () =>
  render(
    <ThemeProvider theme={defaultTheme}>
      <SeriesChart
        title="Points issued per day"
        days={DAYS}
        series={[
          { label: 'Task reward', values: [500, 0] },
          { label: 'Lottery', values: [0, 1_000] },
        ]}
        kind="lines"
      />
    </ThemeProvider>,
  );

describe('SeriesChart', () => {
  it('holds a table of its numbers for a screen reader, and shows it instead of the chart when asked', async () => {
    renderChart();
    const table = screen.getByRole('table', { name: 'Points issued per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Task reward', 'Lottery']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Jan 14', 'Jan 15']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['500', '0', '0', '1,000']);
    expect(screen.getByTestId('series-chart-plot')).toHaveAttribute('aria-hidden', 'true');

    const toggle = screen.getByRole('button', { name: 'Table view of Points issued per day' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('series-chart-plot')).toBeNull();
    const region = screen.getByRole('region', { name: 'Points issued per day, table' });
    expect(within(region).getByRole('table', { name: 'Points issued per day' })).toBeInTheDocument();
  });

  it('draws with uPlot, loaded only where the browser lays out (a DOM without layout gets the table alone)', async () => {
    renderChart();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(drawn).toHaveLength(0); // jsdom: no matchMedia, no ResizeObserver
  });

  it('draws each series over the days (seconds since the epoch) once the browser can', async () => {
    const restore = { matchMedia: window.matchMedia, ResizeObserver: globalThis.ResizeObserver };
    Object.assign(window, { matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }) });
    Object.assign(globalThis, {
      ResizeObserver: class {
        observe() {}
        disconnect() {}
      },
    });
    try {
      renderChart();
      await waitFor(() => expect(drawn).toHaveLength(1));
      expect(drawn[0]!.data).toEqual([
        [Date.parse('2030-01-14T00:00:00Z') / 1000, Date.parse('2030-01-15T00:00:00Z') / 1000],
        [500, 0],
        [0, 1_000],
      ]);
      expect(drawn[0]!.options.series.map((s) => s.label)).toEqual([undefined, 'Task reward', 'Lottery']);
    } finally {
      Object.assign(window, { matchMedia: restore.matchMedia });
      Object.assign(globalThis, { ResizeObserver: restore.ResizeObserver });
    }
  });

  it('writes a UTC day short, in the console language', () => {
    expect(formatDay('2030-03-01', 'en')).toBe('Mar 1');
    expect(formatDay('2030-03-01', 'ja')).toBe('3月1日');
  });
});
