import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import pages from '../../pages';

const PATH = '/admin/battle/forceEnd';

function forceEndBff(ongoing: number[], ended?: number) {
  let counts = [...ongoing];
  const bff = fakeBff()
    .get('/battle-force-end', () =>
      json({ ongoing: counts.length > 1 ? counts.shift()! : counts[0], checkedAt: '2025-03-01T10:00:00.000Z' }),
    )
    .post('/battle-force-end', (req) => {
      const { confirmedCount } = req.body as { confirmedCount: number };
      counts = [0];
      return json({ ended: ended ?? confirmedCount, confirmedCount, endedAt: '2025-03-01T10:00:05.000Z' });
    });
  return bff;
}

describe('battle force end (route battle/forceEnd)', () => {
  it('shows the live count, and ends all after the admin types the count it names', async () => {
    const bff = forceEndBff([12]);
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    expect(await screen.findByText('12 battles are ongoing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Force end all 12 battles…' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Force end all 12 ongoing battles?' });
    expect(dialog).toHaveTextContent('12 battles are ongoing. Their players go back to the lobby with no result.');
    const ok = within(dialog).getByRole('button', { name: 'End 12 battles' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '11');
    expect(ok).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Number of battles to end'));
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '12');
    expect(ok).toBeEnabled();
    await user.click(ok);

    await waitFor(() => expect(bff.calls('POST', '/battle-force-end')).toHaveLength(1));
    expect(bff.calls('POST', '/battle-force-end')[0].body).toEqual({ confirmedCount: 12, reason: 'Maintenance force end' });
    expect(await screen.findByText('12 battles were force-ended.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'No battle to end' })).toBeDisabled();
  });

  it('says when fewer were ended because some finished meanwhile', async () => {
    const bff = forceEndBff([5], 4);
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    await user.click(await screen.findByRole('button', { name: 'Force end all 5 battles…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'End 5 battles' }));
    expect(await screen.findByText('4 battles were force-ended.')).toBeInTheDocument();
    expect(screen.getByText('The others finished on their own in the meantime and were left as they were.')).toBeInTheDocument();
  });

  it('a battle started since the count: the dialog says the new count and is confirmed again with it', async () => {
    let refused = false;
    const bff = fakeBff()
      .get('/battle-force-end', () => json({ ongoing: refused ? 13 : 12, checkedAt: '2025-03-01T10:00:00.000Z' }))
      .post('/battle-force-end', (req) => {
        const { confirmedCount } = req.body as { confirmedCount: number };
        if (confirmedCount !== 13) {
          refused = true;
          return apiError(409, 'conflict', 'The count changed: now 13. Confirm again with the new count.', {
            current: { ongoing: 13, checkedAt: '2025-03-01T10:00:05.000Z' },
          });
        }
        return json({ ended: 13, confirmedCount, endedAt: '2025-03-01T10:00:06.000Z' });
      });
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    await user.click(await screen.findByRole('button', { name: 'Force end all 12 battles…' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'End 12 battles' }));

    dialog = await screen.findByRole('alertdialog', { name: 'Force end all 13 ongoing battles?' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('The count changed: now 13. Confirm again with the new count.');
    // What was typed was for the old count: the new one must be typed.
    expect(within(dialog).getByLabelText('Number of battles to end')).toHaveValue('');
    const ok = within(dialog).getByRole('button', { name: 'End 13 battles' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '13');
    await user.click(ok);

    expect(await screen.findByText('13 battles were force-ended.')).toBeInTheDocument();
    expect(bff.calls('POST', '/battle-force-end').map((c) => (c.body as { confirmedCount: number }).confirmedCount)).toEqual([12, 13]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancel sends nothing; a failed count load can be retried', async () => {
    let calls = 0;
    const bff = fakeBff().get('/battle-force-end', () =>
      ++calls === 1 ? apiError(500, 'internal_error', 'boom') : json({ ongoing: 3, checkedAt: '2025-03-01T10:00:00.000Z' }),
    );
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Force end all 3 battles…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bff.calls('POST', '/battle-force-end')).toHaveLength(0);
  });
});
