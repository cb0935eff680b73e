import { fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, within } from '@testing-library/react';
import type { ChangeRequest } from '@phoenix/contract';
import pages from '../../pages';
import { doubleUp, newShop } from '../activeFlags/fixtures';
import { maxTurns } from '../constantVariables/fixtures';

/**
 * "The page of the target shows its pending and scheduled changes": the edit page of a record of a
 * global resource (a flag, a constant variable…) lists the change requests on that record (the
 * shell's RecordFormPage, for every resource declared global), from the list endpoint's `target`.
 */
const request = (over: Partial<ChangeRequest>): ChangeRequest => ({
  id: 1,
  service: 'bff',
  operation: 'activeFlag.enabled',
  method: 'PATCH',
  path: `/active-flags/${doubleUp.id}/enabled`,
  body: { enabled: false, version: doubleUp.version },
  scope: `flag ${doubleUp.id}`,
  preview: { scope: `flag ${doubleUp.id}`, current: doubleUp, diff: [{ field: 'enabled', from: true, to: false }] },
  reason: 'Weekend ends',
  preparedVersion: `version:${doubleUp.version}`,
  status: 'pending',
  scheduledAt: null,
  expiresAt: '2030-01-16T09:00:00.000Z',
  requestedBy: { id: 1, email: 'a@example.com' },
  decidedBy: null,
  decisionComment: null,
  decidedAt: null,
  appliedAt: null,
  result: null,
  error: null,
  version: 1,
  createdAt: '2030-01-15T09:00:00.000Z',
  ...over,
});

const settings = (operations: { name: string; method: string; url: string }[]) =>
  json({ mode: 'approve', ttlHours: 24, bulkIdsAbove: 1000, adjustmentPointsAbove: 100000, operations });

/** The BFF's list: the requests on `target` (the record's path or under it), per view. */
const requestsOn = (all: ChangeRequest[]) => (req: { query: URLSearchParams }) => {
  const target = req.query.get('target');
  const view = req.query.get('view');
  const mine = all.filter(
    (r) => target && (r.path === target || r.path.startsWith(`${target}/`) || r.path.startsWith(`${target}?`)) && r.status === view,
  );
  return json(page(mine));
};

describe('a global record shows its pending and scheduled changes on its edit page', () => {
  it("a flag: its pending switch and its scheduled delete, not another flag's", async () => {
    const requests = [
      request({ id: 31 }),
      request({
        id: 32,
        operation: 'activeFlag.delete',
        method: 'DELETE',
        path: `/active-flags/${doubleUp.id}?version=${doubleUp.version}`,
        status: 'scheduled',
        scheduledAt: '2030-01-20T09:00:00.000Z',
        requestedBy: { id: 2, email: 'b@example.com' },
      }),
      request({ id: 33, path: '/active-flags/4/enabled' }),
    ];
    const bff = fakeBff()
      .get('/change-requests/settings', () =>
        settings([
          { name: 'activeFlag.update', method: 'PUT', url: '/active-flags/:id' },
          { name: 'activeFlag.enabled', method: 'PATCH', url: '/active-flags/:id/enabled' },
        ]),
      )
      .get('/change-requests', requestsOn(requests))
      .get('/active-flags', () => json(page([doubleUp])))
      .get('/active-flags/:id', () => json(doubleUp));
    renderRemotePage(pages, { bff, url: `/admin/activeFlag?edit=${doubleUp.id}` });

    expect(await screen.findByText('Change requests waiting for this page: 2')).toBeInTheDocument();
    expect(screen.getByText('#31 by a@example.com: waiting for approval')).toBeInTheDocument();
    expect(screen.getByText(/^#32 by b@example\.com: approved, applies/)).toBeInTheDocument();
    expect(screen.queryByText(/^#33 /)).toBeNull();
    const read = bff.calls('GET', '/change-requests')[0]!;
    expect({ target: read.query.get('target'), service: read.query.get('service') }).toEqual({
      target: `/active-flags/${doubleUp.id}`,
      service: 'bff',
    });
  });

  it('a constant variable: its pending update', async () => {
    const bff = fakeBff()
      .get('/change-requests/settings', () =>
        settings([{ name: 'constantVariable.update', method: 'PUT', url: '/constant-variables/:id' }]),
      )
      .get(
        '/change-requests',
        requestsOn([request({ id: 41, operation: 'constantVariable.update', method: 'PUT', path: `/constant-variables/${maxTurns.id}` })]),
      )
      .get('/constant-variables', () => json(page([maxTurns])))
      .get('/constant-variables/:id', () => json(maxTurns));
    renderRemotePage(pages, { bff, url: `/admin/constantVariables/edit?id=${maxTurns.id}` });
    expect(await screen.findByText('#41 by a@example.com: waiting for approval')).toBeInTheDocument();
  });

  it('a resource not declared global asks nothing and shows nothing', async () => {
    const bff = fakeBff()
      .get('/change-requests/settings', () => settings([]))
      .get('/change-requests', requestsOn([request({ id: 51 })]))
      .get('/active-flags', () => json(page([doubleUp])))
      .get('/active-flags/:id', () => json(doubleUp));
    renderRemotePage(pages, { bff, url: `/admin/activeFlag?edit=${doubleUp.id}` });
    expect(await screen.findByLabelText('Description')).toBeInTheDocument();
    await screen.findByText('battle.double-up');
    expect(screen.queryByText(/Change requests waiting/)).toBeNull();
    expect(bff.calls('GET', '/change-requests')).toHaveLength(0);
  });

  it("the list marks the rows with a change waiting (one read of the resource's requests)", async () => {
    const bff = fakeBff()
      .get('/change-requests/settings', () => settings([{ name: 'activeFlag.enabled', method: 'PATCH', url: '/active-flags/:id/enabled' }]))
      .get('/change-requests', requestsOn([request({ id: 31 }), request({ id: 34, path: '/active-flags', method: 'POST' })]))
      .get('/active-flags', () => json(page([doubleUp, newShop])));
    renderRemotePage(pages, { bff, url: '/admin/activeFlag' });
    const marker = await screen.findByText('Change requested');
    expect(marker.closest('tr')).toBe(screen.getByRole('switch', { name: doubleUp.key }).closest('tr'));
    expect(within(screen.getByRole('switch', { name: newShop.key }).closest('tr')!).queryByText('Change requested')).toBeNull();
    expect(screen.getAllByText('Change requested')).toHaveLength(1);
    expect(bff.calls('GET', '/change-requests')[0]!.query.get('target')).toBe('/active-flags');
  });
});
