import { apiError, currentUrl, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '@phoenix/shell/src/i18n/useLanguage';
import type { ActionLog } from '@phoenix/contract';
import { localInputToIso } from '@phoenix/ui';
import pages from '../../pages';

const LOGS = '/admin/logs';
const entry: ActionLog = {
  id: 1,
  adminId: 2,
  adminEmail: 'ops@example.com',
  action: 'constantVariable.update',
  targetType: 'constantVariable',
  targetId: '7',
  before: { value: '30' },
  after: { value: '<img src=x onerror=alert(1)>' },
  createdAt: '2025-02-01T10:00:00.000Z',
};

const setup = (url = LOGS) => {
  const bff = fakeBff().get('/action-logs', () => json(page([entry], { pageSize: 50 })));
  return { bff, ...renderRemotePage(pages, { bff, url }) };
};

describe('action log list', () => {
  it('asks for newest first by default and sums up each change', async () => {
    const { bff } = setup();
    expect(await screen.findByText('ops@example.com')).toBeInTheDocument();
    expect(Object.fromEntries(bff.calls('GET', '/action-logs')[0].query)).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(screen.getByText('constantVariable #7')).toBeInTheDocument();
    expect(screen.getByText('1 changed')).toBeInTheDocument();
  });

  it("keeps each row's change summary with the row, in the language shown", async () => {
    setup();
    expect(await screen.findByText('1 changed')).toBeInTheDocument();
    // The same cached rows, rendered again in Japanese: a summary kept without its language would stay English.
    await act(async () => changeLanguage('ja'));
    expect(await screen.findByText('1 件変更')).toBeInTheDocument();
    expect(screen.queryByText('1 changed')).toBeNull();
    await act(async () => changeLanguage('en'));
    expect(await screen.findByText('1 changed')).toBeInTheDocument();
  });

  it('joins the parts of a summary as each language does', async () => {
    const several: ActionLog = { ...entry, before: { value: '30', gone: 1 }, after: { value: '31', label: 'x' } };
    const bff = fakeBff().get('/action-logs', () => json(page([several], { pageSize: 50 })));
    renderRemotePage(pages, { bff, url: LOGS });
    expect(await screen.findByText('1 changed, 1 added, 1 removed')).toBeInTheDocument();
    await act(async () => changeLanguage('ja'));
    expect(await screen.findByText('1 件変更、1 件追加、1 件削除')).toBeInTheDocument();
    await act(async () => changeLanguage('en'));
  });

  it('opens the detail of a row at ?id= (kept on reload) with before/after as a text diff', async () => {
    const { bff, user, router } = setup(`${LOGS}?action=constantVariable`);
    bff.get('/action-logs/:id', (req) =>
      req.params.id === '1' ? json(entry) : apiError(404, 'not_found', 'This action log entry does not exist'),
    );
    await user.click(await screen.findByRole('button', { name: 'View log entry 1' }));
    expect(currentUrl(router)).toBe(`${LOGS}?action=constantVariable&id=1`);

    const dialog = await screen.findByRole('dialog', { name: 'Action log entry #1' });
    const diff = await within(dialog).findByRole('table', { name: /Before → after: 1 changed/ });
    expect(within(diff).getByRole('row', { name: /^value/ })).toHaveTextContent('valueChanged"30""<img src=x onerror=alert(1)>"');
    expect(document.querySelector('img')).toBeNull();
    const facts = within(dialog).getByText('Who').closest('dl')!;
    expect(facts).toHaveTextContent('Whoops@example.com');
    expect(facts).toHaveTextContent('WhatconstantVariable.update');
    expect(facts).toHaveTextContent('TargetconstantVariable #7');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(currentUrl(router)).toBe(`${LOGS}?action=constantVariable`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a shared link with ?id= opens the detail at once', async () => {
    const { bff } = setup(`${LOGS}?id=1`);
    bff.get('/action-logs/:id', () => json(entry));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Action log entry #1' })).findByText('ops@example.com'),
    ).toBeInTheDocument();
    expect(bff.calls('GET', '/action-logs/1')).toHaveLength(1);
  });

  it('says when the entry of ?id= does not exist', async () => {
    const { bff } = setup(`${LOGS}?id=99`);
    bff.get('/action-logs/:id', () => apiError(404, 'not_found', 'This action log entry does not exist'));
    expect(
      await screen.findByText('There is no action log entry 99. It may have been deleted: open another one from the list.'),
    ).toBeInTheDocument();
  });

  it('writes the filters to the URL (from/to as ISO) and sends them to the API', async () => {
    const { bff, user, router } = setup(`${LOGS}?page=3`);
    await screen.findByText('ops@example.com');
    await user.type(screen.getByLabelText('Admin email'), 'ops@example.com');
    await user.type(screen.getByLabelText('Action'), 'constantVariable.update');
    await user.type(screen.getByLabelText('From'), '2025-02-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const from = localInputToIso('2025-02-01T09:00');
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`${LOGS}?admin=ops%40example.com&action=constantVariable.update&from=${encodeURIComponent(from)}`),
    );
    await waitFor(() => expect(bff.calls('GET', '/action-logs')).toHaveLength(2));
    expect(Object.fromEntries(bff.calls('GET', '/action-logs')[1].query)).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'createdAt',
      order: 'desc',
      admin: 'ops@example.com',
      action: 'constantVariable.update',
      from,
    });
    // The inputs show what the URL holds (local time for the dates).
    expect(screen.getByLabelText('From')).toHaveValue('2025-02-01T09:00');
  });

  it('restores filters from a shared link and refuses an inverted range', async () => {
    const from = localInputToIso('2025-03-01T00:00');
    const { user, router } = setup(`${LOGS}?target=constantVariable&from=${encodeURIComponent(from)}`);
    expect(screen.getByLabelText('Target')).toHaveValue('constantVariable');
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-01T00:00');
    await user.type(screen.getByLabelText('To'), '2025-02-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('"From" must be before "To".');
    expect(currentUrl(router)).not.toContain('to=');
  });

  it('sorts by a column', async () => {
    const { user, router } = setup();
    await screen.findByText('ops@example.com');
    await user.click(within(screen.getByRole('columnheader', { name: /Admin/ })).getByRole('button'));
    expect(currentUrl(router)).toBe(`${LOGS}?sort=adminEmail&order=asc`);
  });
});

describe('record check', () => {
  it('checks the record on demand and says, per chain, how far it is intact or where it broke and why', async () => {
    const bff = fakeBff()
      .get('/action-logs', () => json(page([entry], { pageSize: 50 })))
      .post('/action-logs/verification', () =>
        json({
          checkedAt: '2025-02-01T10:05:00.000Z',
          chains: [
            { chain: 'bff', rows: 12, intactThroughId: 12, broken: null },
            { chain: 'points', rows: 5, intactThroughId: 7, broken: { id: 9, seq: 3, reason: 'changed' } },
          ],
        }),
      );
    const { user } = renderRemotePage(pages, { bff, url: LOGS });
    await screen.findByText('ops@example.com');
    // Nothing is checked until asked: a pass over the whole log is not for every page view.
    expect(bff.calls('POST', '/action-logs/verification')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Check the record' }));
    expect(await screen.findByText('Console: intact through #12 (12 rows).')).toBeInTheDocument();
    expect(screen.getByText('Points: broken at #9.')).toBeInTheDocument();
    expect(screen.getByText(/This row was changed after it was written\. Intact through #7\./)).toBeInTheDocument();
    expect(bff.calls('POST', '/action-logs/verification')).toHaveLength(1);
  });

  it('shows why the check failed, and tries again', async () => {
    let calls = 0;
    const bff = fakeBff()
      .get('/action-logs', () => json(page([entry], { pageSize: 50 })))
      .post('/action-logs/verification', () =>
        ++calls === 1
          ? apiError(500, 'internal', 'The database did not answer')
          : json({ checkedAt: '2025-02-01T10:05:00.000Z', chains: [] }),
      );
    const { user } = renderRemotePage(pages, { bff, url: LOGS });
    await screen.findByText('ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Check the record' }));
    await user.click(await screen.findByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText(/Checked at/)).toBeInTheDocument();
  });
});
