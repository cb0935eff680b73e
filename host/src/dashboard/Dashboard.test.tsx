import { ACTION_LOGS, MAINTENANCE_OFF, defaultHandlers, renderApp, storeSession, appRendererPerTest } from '../testing/renderApp';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linkTo } from '@phoenix/shell';
import { formatDateTime } from '@phoenix/ui';
import { afterFirstPaint } from '../routes/firstPaint';
import { trackNavigation } from '../routes/navigationActivity';

jest.mock('../federation/RemotePage', () => require('../testing/RemotePageMock'));

const render = appRendererPerTest();

async function start(options?: Parameters<typeof renderApp>[1]) {
  storeSession();
  return render('/admin', options);
}

const down = () => ({ status: 503, body: { error: { code: 'internal_error', message: 'down' } } });

describe('dashboard', () => {
  it('is neither rendered nor requested while a page is being opened from it, and comes if it is still on screen after', async () => {
    await import('./Dashboard'); // its module is in (as a cold console has it soon after the first paint)
    let opened!: () => void;
    void trackNavigation(new Promise<void>((resolve) => (opened = resolve))); // a click on a remote page, its loader running
    try {
      const { backend } = await start();
      expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      await afterFirstPaint();
      // React reveals a suspended part at the earliest 300 ms after its fallback: without the wait for the
      // navigation, the panels are on screen well within this second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
      expect(screen.queryByRole('region', { name: 'Game maintenance' })).toBeNull();
      expect(backend.callsTo('GET', '/dashboard/summary')).toHaveLength(0);

      opened(); // here the navigation did not leave the dashboard (say, it was cancelled)
      expect(await screen.findByRole('region', { name: 'Game maintenance' })).toBeInTheDocument();
      expect(backend.callsTo('GET', '/dashboard/summary')).toHaveLength(1);
    } finally {
      opened(); // the other tests start with no navigation pending
    }
  });

  it('shows the game maintenance state and its planned window in the admin time zone, with a link to the page', async () => {
    const plannedStart = '2025-03-01T10:00:00.000Z';
    const plannedEnd = '2025-03-01T12:00:00.000Z';
    await start({
      handlers: defaultHandlers({
        'GET /dashboard/summary': () => ({ body: { maintenance: { enabled: true, plannedStart, plannedEnd }, recentActions: [] } }),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Game maintenance' });
    expect(await within(panel).findByText('ON: players are kept out')).toBeInTheDocument();
    expect(panel).toHaveTextContent(`Planned window: ${formatDateTime(plannedStart)} – ${formatDateTime(plannedEnd)}`);
    expect(within(panel).getByRole('link', { name: 'Open the maintenance status' })).toHaveAttribute('href', '/admin/maintenance');
  });

  it('shows what runs now, each figure linked to the page behind it, and the progress of a sending distribution', async () => {
    const live = {
      battles: 1234,
      distributions: {
        count: 2,
        next: [
          {
            id: 5,
            presentName: 'Winter gift',
            status: 'running',
            recipientCount: 200,
            deliveredCount: 50,
            scheduledAt: '2025-03-01T10:00:00.000Z',
          },
          {
            id: 6,
            presentName: 'Spring gift',
            status: 'scheduled',
            recipientCount: 0,
            deliveredCount: 0,
            scheduledAt: '2025-04-01T10:00:00.000Z',
          },
        ],
      },
    };
    await start({
      handlers: defaultHandlers({
        'GET /dashboard/summary': () => ({ body: { ...MAINTENANCE_OFF, recentActions: [], live } }),
        'GET /change-requests/count': () => ({ body: { pending: 3, scheduled: 0 } }),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Live now' });
    expect(await within(panel).findByRole('link', { name: 'Battles in progress: 1,234' })).toHaveAttribute(
      'href',
      '/admin/battle?status=ongoing',
    );
    expect(await within(panel).findByRole('link', { name: 'Change requests waiting: 3' })).toHaveAttribute(
      'href',
      linkTo('changeRequests'),
    );
    expect(within(panel).getByRole('link', { name: 'Distributions due or sending: 2' })).toHaveAttribute(
      'href',
      '/admin/present/distribution',
    );
    expect(within(panel).getByRole('progressbar', { name: 'Progress of Winter gift' })).toHaveAttribute('value', '50');
    expect(panel).toHaveTextContent('Winter gift sending: 50 of 200 players');
    expect(panel).toHaveTextContent(`Spring gift due at ${formatDateTime('2025-04-01T10:00:00.000Z')}`);
  });

  it('counts down to the next automatic switch of the window and reads the summary again once it is due', async () => {
    const dueAt = new Date(Date.now() + 1_500).toISOString();
    let next: object | null = { switchTo: 'on', dueAt };
    const { backend } = await start({
      handlers: defaultHandlers({
        'GET /dashboard/summary': () => ({
          body: {
            maintenance: { enabled: next === null, plannedStart: dueAt, plannedEnd: null },
            nextMaintenanceSwitch: next,
            recentActions: [],
          },
        }),
      }),
    });
    const line = await screen.findByTestId('dashboard-next-switch');
    expect(line).toHaveTextContent(`Turns on by itself at ${formatDateTime(dueAt)}, in 0:00:0`);
    next = null;
    expect(await screen.findByText('ON: players are kept out', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-next-switch')).toBeNull();
    expect(backend.callsTo('GET', '/dashboard/summary').length).toBeGreaterThan(1);
  });

  it('keeps words whole in the recent actions: an address breaks only at its @, and a narrow screen scrolls the table in a named region', async () => {
    await start({
      handlers: defaultHandlers({
        'GET /dashboard/summary': () => ({
          body: { ...MAINTENANCE_OFF, recentActions: [{ ...ACTION_LOGS[0], adminEmail: 'admin@phoenix.local' }] },
        }),
      }),
    });
    const recent = await screen.findByRole('region', { name: 'Recent actions' });
    const scroller = await within(recent).findByRole('region', { name: /^Recent actions table/ });
    expect(scroller).toHaveAttribute('tabindex', '0'); // a keyboard scrolls it too
    const table = within(scroller).getByRole('table');
    const email = within(table).getByTitle('admin@phoenix.local');
    expect(email).toHaveTextContent(/^admin@phoenix\.local$/);
    // The only place the address may wrap is just before the @: each side is one unbreakable piece.
    expect(email.querySelectorAll('wbr')).toHaveLength(1);
    expect([...email.querySelectorAll('span')].map((part) => [part.textContent, getComputedStyle(part).whiteSpace])).toEqual([
      ['admin', 'nowrap'],
      ['@phoenix.local', 'nowrap'],
    ]);
    // Cells keep words whole (the kit's plain table would break them anywhere); the region scrolls instead.
    expect(getComputedStyle(within(table).getByText('present.create')).overflowWrap).toBe('normal');
    expect(getComputedStyle(scroller).overflowX).toBe('auto');
  });

  it('reads one summary through the shell: maintenance off and the recent actions', async () => {
    const { backend } = await start();
    const recent = await screen.findByRole('region', { name: 'Recent actions' });
    expect(within(recent).getByRole('status')).toHaveTextContent('Loading the dashboard');
    expect(
      await within(await screen.findByRole('region', { name: 'Game maintenance' })).findByText('OFF: players can sign in'),
    ).toBeInTheDocument();
    expect(screen.getByText('No window planned.')).toBeInTheDocument();
    expect(within(recent).getByText('present.create')).toBeInTheDocument();
    expect(within(recent).getByTitle('other@example.com')).toHaveTextContent(/^other@example\.com$/);
    expect(within(recent).getByText('present #42')).toBeInTheDocument();
    expect(within(recent).getAllByRole('row')).toHaveLength(ACTION_LOGS.length + 1);
    expect(within(recent).getByRole('link', { name: 'Open the action log' })).toHaveAttribute('href', '/admin/logs');
    const calls = backend.callsTo('GET', '/dashboard/summary');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('token')).toBe('tok-admin');
    expect(backend.callsTo('GET', '/action-logs')).toHaveLength(0);
  });

  it('says when no action is recorded yet', async () => {
    await start({ handlers: defaultHandlers({ 'GET /dashboard/summary': () => ({ body: { ...MAINTENANCE_OFF, recentActions: [] } }) }) });
    expect(await screen.findByText('No actions recorded yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the summary cannot be loaded', async () => {
    let fail = true;
    await start({ handlers: defaultHandlers({ 'GET /dashboard/summary': () => (fail ? down() : { body: MAINTENANCE_OFF }) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('present.create')).toBeInTheDocument();
  });

  it('speaks Japanese when the console does', async () => {
    await start({ language: 'ja' });
    expect(await screen.findByRole('heading', { name: 'ダッシュボード' })).toBeInTheDocument();
    expect(await screen.findByText('オフ：プレイヤーはログインできます')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: '最近の操作' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '日時' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'プレイヤーとバトル' })).toHaveTextContent('このBFFは推移の数値をまだ返しません。');
    expect(await screen.findByRole('region', { name: '日別ポイント' })).toBeInTheDocument();
  });

  it('shows the points maintenance from the points API next to the game maintenance, and survives that API being down', async () => {
    const { backend } = await start({
      handlers: defaultHandlers({
        'GET /settings/maintenance': () => ({
          body: { enabled: true, message: 'Ledger upgrade', version: 2, updatedAt: '2025-01-01T00:00:00Z', updatedBy: null },
        }),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Points maintenance' });
    expect(await within(panel).findByText('ON: the points programme is paused')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Ledger upgrade');
    expect(within(panel).getByRole('link', { name: 'Open points maintenance' })).toHaveAttribute('href', '/admin/points/maintenance');
    expect(backend.callsTo('GET', '/settings/maintenance')[0]!.headers.get('token')).toBe('tok-admin');
  });

  it('says the points API did not answer, and keeps the rest of the dashboard', async () => {
    await start({ handlers: defaultHandlers({ 'GET /settings/maintenance': down }) });
    const panel = await screen.findByRole('region', { name: 'Points maintenance' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The points API did not answer.');
    expect(
      await within(await screen.findByRole('region', { name: 'Game maintenance' })).findByText('OFF: players can sign in'),
    ).toBeInTheDocument();
  });

  describe('figures over time', () => {
    const DAY = 86_400_000;
    const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
    const activity = {
      playersActive: { hour: 12, day: 340, week: 2_100 },
      // Rolled days (the 3rd day back not rolled yet: absent) and today so far.
      battlesPerDay: [
        { day: dayAgo(20), battles: 100 },
        { day: dayAgo(6), battles: 7 },
        { day: dayAgo(2), battles: 5 },
        { day: dayAgo(1), battles: 4 },
        { day: dayAgo(0), battles: 3 },
      ],
    };
    const economy = {
      today: dayAgo(0),
      days: [
        { day: dayAgo(10), issued: { taskReward: 1_000 }, spent: {}, refunded: 0, reversedAway: 0, entries: 4 },
        { day: dayAgo(1), issued: { taskReward: 300, checkin: 20 }, spent: { lottery: 200 }, refunded: 0, reversedAway: 0, entries: 9 },
        { day: dayAgo(0), issued: { checkin: 10 }, spent: { lottery: 50 }, refunded: 0, reversedAway: 0, entries: 2 },
      ],
    };
    const withFigures = () =>
      start({
        handlers: defaultHandlers({
          'GET /dashboard/summary': () => ({ body: { ...MAINTENANCE_OFF, activity } }),
          'GET /economy/days': () => ({ body: economy }),
        }),
      });

    it('shows players active and battles per period, each linked to its page, and switches period with the toggles', async () => {
      await withFigures();
      const panel = await screen.findByRole('region', { name: 'Players and battles' });
      expect(await within(panel).findByRole('link', { name: 'Players active in the last 24 hours: 340' })).toHaveAttribute(
        'href',
        linkTo('players', undefined, undefined, { sort: 'lastSeenAt', order: 'desc' }),
      );
      const players = within(panel).getByRole('group', { name: 'Players active over' });
      expect(within(players).getByRole('button', { name: '24 h' })).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(within(players).getByRole('button', { name: '1 h' }));
      expect(within(panel).getByRole('link', { name: 'Players active in the last hour: 12' })).toBeInTheDocument();
      expect(within(players).getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'true');

      // 7 days by default: today and the 6 days before (the 20-day-old day is not in it).
      expect(within(panel).getByRole('link', { name: 'Battles started in the last 7 days: 19' })).toHaveAttribute(
        'href',
        linkTo('battles', undefined, undefined, { from: `${dayAgo(6)}T00:00:00.000Z` }),
      );
      const battles = within(panel).getByRole('group', { name: 'Battles over' });
      await userEvent.click(within(battles).getByRole('button', { name: '30 days' }));
      expect(within(panel).getByRole('link', { name: 'Battles started in the last 30 days: 119' })).toBeInTheDocument();
      await userEvent.click(within(battles).getByRole('button', { name: 'Today' }));
      expect(within(panel).getByRole('link', { name: 'Battles started today: 3' })).toBeInTheDocument();
    });

    it("gives each chart a table of the same numbers: in the page for a screen reader, and shown by the chart's toggle", async () => {
      await withFigures();
      const panel = await screen.findByRole('region', { name: 'Players and battles' });
      const table = await within(panel).findByRole('table', { name: 'Battles started per day' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
      ).toEqual([['7'], ['5'], ['4'], ['3']]);
      expect(within(rows[0]!).getByRole('rowheader').querySelector('time')).toHaveAttribute('dateTime', dayAgo(6));

      const toggle = within(panel).getByRole('button', { name: 'Table view of Battles started per day' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const shown = within(panel).getByRole('region', { name: 'Battles started per day, table' });
      expect(within(shown).getByRole('table', { name: 'Battles started per day' })).toBeInTheDocument();
      expect(within(panel).queryByTestId('series-chart-plot')).toBeNull();
    });

    it('shows points issued and spent per period from the points API, by source, linked to the economy report', async () => {
      const { backend } = await withFigures();
      const panel = await screen.findByRole('region', { name: 'Points per day' });
      const issued = await within(panel).findByRole('link', { name: 'Points issued in the last 7 days: 330' });
      expect(issued).toHaveAttribute('href', linkTo('economy', undefined, undefined, { from: dayAgo(6), to: dayAgo(0) }));
      expect(within(panel).getByRole('link', { name: 'Points spent in the last 7 days: 250' })).toBeInTheDocument();
      const bySource = within(panel).getByRole('table', { name: 'Points issued per day, by source' });
      expect(
        within(bySource)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Day', 'Task reward', 'Check-in']);
      await userEvent.click(within(within(panel).getByRole('group', { name: 'Points over' })).getByRole('button', { name: '30 days' }));
      expect(within(panel).getByRole('link', { name: 'Points issued in the last 30 days: 1,330' })).toBeInTheDocument();
      expect(backend.callsTo('GET', '/economy/days')[0]!.search).toBe('?days=30');
    });

    it('says the points API did not answer, and keeps the players and battles', async () => {
      await start({
        handlers: defaultHandlers({
          'GET /dashboard/summary': () => ({ body: { ...MAINTENANCE_OFF, activity } }),
          'GET /economy/days': down,
        }),
      });
      const panel = await screen.findByRole('region', { name: 'Points per day' });
      expect(await within(panel).findByRole('alert')).toHaveTextContent('The points API did not answer.');
      expect(await screen.findByRole('link', { name: 'Players active in the last 24 hours: 340' })).toBeInTheDocument();
    });
  });
});
