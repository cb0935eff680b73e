import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { GAME_ACTIONS, type CooldownSettings, type DocumentVersion, type EnergySettings } from '@phoenix/contract';
import pages from '../../pages';

type Doc = { version: number; updatedAt: string; updatedBy: string | null } & Record<string, unknown>;

/** A BFF holding one versioned document at `path`: PUT and restore add versions, the history lists them. */
function documentBff<T extends Doc>(path: string, initial: T) {
  const versions: DocumentVersion<T>[] = [
    { version: initial.version, savedAt: initial.updatedAt, savedBy: initial.updatedBy, restoredFrom: null, value: initial },
  ];
  const current = () => versions[0].value;
  const add = (value: Omit<T, 'version' | 'updatedAt' | 'updatedBy'>, restoredFrom: number | null) => {
    const next = {
      ...current(),
      ...value,
      version: current().version + 1,
      updatedAt: '2025-03-01T10:00:00.000Z',
      updatedBy: 'me@example.com',
    } as T;
    versions.unshift({ version: next.version, savedAt: next.updatedAt, savedBy: next.updatedBy, restoredFrom, value: next });
    return json(next);
  };
  const bff = fakeBff()
    .get(path, () => json(current()))
    .put(path, (req) => {
      const body = req.body as T;
      if (body.version !== current().version) return apiError(409, 'conflict', 'Version mismatch', { current: current() });
      return add(body, null);
    })
    .get(`${path}/history`, () => json({ items: versions, total: versions.length, page: 1, pageSize: 10 }))
    .post(`${path}/history/:version/restore`, (req) => {
      const old = versions.find((v) => v.version === Number(req.params.version))!;
      if ((req.body as { version: number }).version !== current().version) return apiError(409, 'conflict', 'Version mismatch');
      return add(old.value, old.version);
    });
  return bff;
}

const energy: EnergySettings = {
  maxEnergy: 5,
  regenerationIntervalMinutes: 30,
  regenerationAmount: 1,
  costPerBattle: 1,
  version: 3,
  updatedAt: '2025-02-01T10:00:00.000Z',
  updatedBy: 'ops@example.com',
};

describe('energy page', () => {
  it('saves a change, lists it in the history, shows the difference of two versions and restores the earlier one', async () => {
    const bff = documentBff('/game-balance/energy', energy);
    const { user } = renderRemotePage(pages, { bff, url: '/admin/energy' });
    const max = await screen.findByLabelText('Max energy');
    expect(max).toHaveValue(5);
    await user.clear(max);
    await user.type(max, '8');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bff.calls('PUT', '/game-balance/energy')).toHaveLength(1));
    expect(bff.calls('PUT', '/game-balance/energy')[0].body).toEqual({
      ...energy,
      maxEnergy: 8,
      updatedAt: undefined,
      updatedBy: undefined,
      version: 3,
    } as unknown as object);

    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByText('me@example.com');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Tick both versions: the difference names the changed value.
    for (const row of rows) await user.click(within(row).getByRole('checkbox'));
    const diff = await screen.findByRole('table', { name: /Version 3 → version 4/ });
    expect(within(diff).getByRole('row', { name: /^maxEnergy/ })).toHaveTextContent('58');
    // The save's bookkeeping (version, updatedAt, updatedBy) is neither listed nor counted as a change.
    expect(diff).toHaveAccessibleName(/1 changed, 0 added, 0 removed/);
    for (const bookkeeping of ['version', 'updatedAt', 'updatedBy'])
      expect(screen.queryByRole('rowheader', { name: bookkeeping })).not.toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: 'Restore version 3' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 3 of the energy settings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(bff.calls('POST', '/game-balance/energy/history/3/restore')).toHaveLength(1));
    expect(bff.calls('POST', '/game-balance/energy/history/3/restore')[0].body).toEqual({ version: 4 });
    expect(await screen.findByText('Restored version 3 as version 5.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Max energy')).toHaveValue(5));
  });

  it('checks each range and the cost against max energy before sending', async () => {
    const bff = documentBff('/game-balance/energy', energy);
    const { user } = renderRemotePage(pages, { bff, url: '/admin/energy' });
    const cost = await screen.findByLabelText('Cost per battle');
    expect(cost).toHaveAccessibleDescription(expect.stringContaining('0 to 1,000'));
    await user.clear(cost);
    await user.type(cost, '6');
    const interval = screen.getByLabelText('Regeneration interval (minutes)');
    await user.clear(interval);
    await user.type(interval, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByLabelText('Cost per battle')).toHaveAccessibleDescription(
      expect.stringContaining('Cost per battle cannot exceed max energy'),
    );
    expect(interval).toHaveAccessibleDescription(expect.stringContaining('Regeneration interval is a whole number from 1 to 1,440'));
    expect(bff.calls('PUT', '/game-balance/energy')).toHaveLength(0);
  });
});

describe('health and cooldown pages', () => {
  it('health: edits max health and regeneration', async () => {
    const bff = documentBff('/game-balance/health', {
      maxHealth: 1000,
      regenerationPerMinute: 10,
      version: 1,
      updatedAt: '2025-02-01T10:00:00.000Z',
      updatedBy: null,
    });
    const { user } = renderRemotePage(pages, { bff, url: '/admin/health' });
    const regen = await screen.findByLabelText('Regeneration per minute');
    await user.clear(regen);
    await user.type(regen, '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bff.calls('PUT', '/game-balance/health')).toHaveLength(1));
    expect(bff.calls('PUT', '/game-balance/health')[0].body).toEqual({ maxHealth: 1000, regenerationPerMinute: 25, version: 1 });
  });

  it('cooldown: one field per game action, saved as the whole list', async () => {
    const doc: CooldownSettings = {
      actions: GAME_ACTIONS.map((action) => ({ action, seconds: 5 })),
      version: 2,
      updatedAt: '2025-02-01T10:00:00.000Z',
      updatedBy: 'ops@example.com',
    };
    const bff = documentBff('/game-balance/cooldown', doc);
    const { user } = renderRemotePage(pages, { bff, url: '/admin/cooldown' });
    const ultimate = await screen.findByLabelText('Ultimate (seconds)');
    expect(screen.getAllByRole('spinbutton')).toHaveLength(GAME_ACTIONS.length);
    await user.clear(ultimate);
    await user.type(ultimate, '90000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(ultimate).toHaveAccessibleDescription(expect.stringContaining('Cooldown is a whole number from 0 to 86,400'));
    await user.clear(ultimate);
    await user.type(ultimate, '120');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bff.calls('PUT', '/game-balance/cooldown')).toHaveLength(1));
    expect(bff.calls('PUT', '/game-balance/cooldown')[0].body).toEqual({
      actions: GAME_ACTIONS.map((action) => ({ action, seconds: action === 'ultimate' ? 120 : 5 })),
      version: 2,
    });
  });
});
