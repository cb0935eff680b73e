import { apiError, csv, currentUrl, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import pages from '../../pages';
import { droppedPromo, oldOutage, restartNotice, welcomeBanner } from './fixtures';

const LIST = '/admin/worldMessage';
const all = [restartNotice, welcomeBanner, oldOutage, droppedPromo];
const setup = (bff = fakeBff().get('/world-messages', () => json(page(all))), url = LIST) => ({
  bff,
  ...renderRemotePage(pages, { bff, url }),
});
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('world messages list', () => {
  it('shows each state as a badge, messages as text; cancel on scheduled ones, end now on showing ones', async () => {
    setup();
    await screen.findByText(restartNotice.message);
    expect(within(rowOf(restartNotice.message)).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rowOf(restartNotice.message)).getByText('Warning')).toBeInTheDocument();
    expect(within(rowOf(welcomeBanner.message)).getByText('Showing')).toBeInTheDocument();
    expect(within(rowOf(oldOutage.message)).getByText('Ended')).toBeInTheDocument();
    expect(within(rowOf(droppedPromo.message)).getByText('Cancelled')).toBeInTheDocument();
    expect(within(rowOf(droppedPromo.message)).getByText('by lead@example.com')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();

    expect(screen.getByRole('link', { name: /^Edit Servers restart/ })).toHaveAttribute('href', `${LIST}?edit=5`);
    expect(screen.getByRole('button', { name: /^Cancel Servers restart/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Edit Welcome to season 4/ })).toHaveAttribute('href', `${LIST}?edit=6`);
    expect(within(rowOf(welcomeBanner.message)).getByRole('button', { name: 'End now: Welcome to season 4!' })).toBeInTheDocument();
    expect(within(rowOf(welcomeBanner.message)).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(within(rowOf(restartNotice.message)).queryByRole('button', { name: /^End/ })).toBeNull();
    for (const other of [oldOutage, droppedPromo]) {
      // Only its history (every row has one): no cancel, end or edit.
      expect(
        within(rowOf(other.message))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['History']);
      expect(within(rowOf(other.message)).queryByRole('link')).toBeNull();
    }
  });

  it('keeps q, state, severity, sort and page in the URL and sends them', async () => {
    const { bff, user, router } = setup(undefined, `${LIST}?state=scheduled&page=2`);
    await screen.findByText(restartNotice.message);
    expect(Object.fromEntries(bff.calls('GET', '/world-messages')[0].query)).toEqual({
      page: '2',
      pageSize: '20',
      order: 'asc',
      state: 'scheduled',
    });
    expect(screen.getByLabelText('State')).toHaveValue('scheduled');
    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    expect(currentUrl(router)).toBe(`${LIST}?state=scheduled&severity=critical`);
    await user.click(within(screen.getByRole('columnheader', { name: /Severity/ })).getByRole('button'));
    expect(currentUrl(router)).toBe(`${LIST}?state=scheduled&severity=critical&sort=severity&order=asc`);
    await user.type(screen.getByLabelText('Search messages'), 'restart{Enter}');
    expect(currentUrl(router)).toBe(`${LIST}?state=scheduled&severity=critical&sort=severity&order=asc&q=restart`);
    await waitFor(() =>
      expect(Object.fromEntries(bff.calls('GET', '/world-messages').at(-1)!.query)).toEqual({
        page: '1',
        pageSize: '20',
        sort: 'severity',
        order: 'asc',
        q: 'restart',
        state: 'scheduled',
        severity: 'critical',
      }),
    );
  });

  it('cancels a scheduled message after a confirm naming it; the list shows it cancelled without a reload', async () => {
    let cancelled = false;
    const bff = fakeBff()
      .get('/world-messages', () => json(page(cancelled ? [{ ...restartNotice, state: 'cancelled', version: 3 }] : [restartNotice])))
      .post('/world-messages/:id/cancel', () => {
        cancelled = true;
        return json({ ...restartNotice, state: 'cancelled', version: 3 });
      });
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: /^Cancel Servers restart/ }));
    const dialog = screen.getByRole('alertdialog', { name: `Cancel the scheduled message "${restartNotice.message}"?` });
    expect(dialog).toHaveTextContent('Players will never see it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel message' }));

    await waitFor(() => expect(bff.calls('POST', '/world-messages/5/cancel')).toHaveLength(1));
    expect(bff.calls('POST', '/world-messages/5/cancel')[0].body).toEqual({ version: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent(`Cancelled "${restartNotice.message}".`);
    expect(await within(rowOf(restartNotice.message)).findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel Servers restart/ })).toBeNull();
  });

  it('"Keep it" sends nothing', async () => {
    const { bff, user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Cancel Servers restart/ }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(bff.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('explains a refused cancel (the message started showing meanwhile) and refreshes the list', async () => {
    const bff = fakeBff()
      .get('/world-messages', () => json(page([restartNotice])))
      .post('/world-messages/:id/cancel', () =>
        apiError(409, 'conflict', 'Only a scheduled message can be cancelled', { current: { ...restartNotice, state: 'showing' } }),
      );
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: /^Cancel Servers restart/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This message is already showing: only a scheduled message can be cancelled.',
    );
    await waitFor(() => expect(bff.calls('GET', '/world-messages')).toHaveLength(2));
  });

  it('ends a showing message now after a confirm saying who stops seeing it; the row turns ended', async () => {
    let ended = false;
    const endedBanner = { ...welcomeBanner, state: 'ended' as const, displayEnd: '2026-01-01T00:00:00.000Z', version: 2 };
    const bff = fakeBff()
      .get('/world-messages', () => json(page([ended ? endedBanner : welcomeBanner])))
      .post('/world-messages/:id/end', () => {
        ended = true;
        return json(endedBanner);
      });
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'End now: Welcome to season 4!' }));
    const dialog = screen.getByRole('alertdialog', { name: `End the showing message "${welcomeBanner.message}" now?` });
    expect(dialog).toHaveTextContent('All players stop seeing it at once: its display end becomes now instead of');
    expect(dialog).toHaveTextContent('This cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'End now' }));

    await waitFor(() => expect(bff.calls('POST', '/world-messages/6/end')).toHaveLength(1));
    expect(bff.calls('POST', '/world-messages/6/end')[0].body).toEqual({ version: 1 });
    expect(await screen.findByRole('status')).toHaveTextContent(`Ended "${welcomeBanner.message}": players no longer see it.`);
    expect(await within(rowOf(welcomeBanner.message)).findByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^End Welcome/ })).toBeNull();
  });

  it('"Keep showing" sends nothing; a refused end (already ended) is explained and the list refreshed', async () => {
    const bff = fakeBff()
      .get('/world-messages', () => json(page([welcomeBanner])))
      .post('/world-messages/:id/end', () =>
        apiError(409, 'conflict', 'This message has already ended', { current: { ...welcomeBanner, state: 'ended' } }),
      );
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'End now: Welcome to season 4!' }));
    await user.click(screen.getByRole('button', { name: 'Keep showing' }));
    expect(bff.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'End now: Welcome to season 4!' }));
    await user.click(screen.getByRole('button', { name: 'End now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This message is already ended: only a showing message can be ended now.');
    await waitFor(() => expect(bff.calls('GET', '/world-messages')).toHaveLength(2));
  });

  it('in Japanese: the end-now button and confirm', async () => {
    const bff = fakeBff().get('/world-messages', () => json(page([welcomeBanner])));
    const { user } = renderRemotePage(pages, { bff, url: LIST, language: 'ja' });
    await user.click(await screen.findByRole('button', { name: '今すぐ終了: Welcome to season 4!' }));
    const dialog = screen.getByRole('alertdialog', { name: `表示中のメッセージ「${welcomeBanner.message}」を今すぐ終了しますか？` });
    expect(dialog).toHaveTextContent('すべてのプレイヤーへの表示をただちに止めます。');
    await user.click(within(dialog).getByRole('button', { name: '表示を続ける' }));
    expect(bff.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('exports the current filter as CSV', async () => {
    const bff = fakeBff()
      .get('/world-messages', () => json(page(all)))
      .get('/world-messages/export.csv', () => csv('id,message\n5,Servers\n'));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = setup(bff, `${LIST}?severity=warning&q=restart&page=3`);
    await screen.findByText(restartNotice.message);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(bff.calls('GET', '/world-messages/export.csv')[0].query)).toEqual({
      order: 'asc',
      q: 'restart',
      severity: 'warning',
    });
    click.mockRestore();
  });

  it('shows an empty state with the next step', async () => {
    setup(fakeBff().get('/world-messages', () => json(page([]))));
    expect(await screen.findByText('No world messages yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New world message' })[0]).toHaveAttribute('href', `${LIST}?create=1`);
  });
});
