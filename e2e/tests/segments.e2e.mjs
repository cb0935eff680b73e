import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { formReady, remotePageLoaded, useConsole } from '../support/suite.mjs';

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

/** The figure of "1,234 players match." / "1 player matches." */
const figure = (text) => Number(/([\d,]+) players? match/.exec(text)?.[1].replaceAll(',', '') ?? Number.NaN);

describe('segments', () => {
  const ctx = useConsole(19650);

  it('saves a segment with a live count, opens it, and sends a present to its members', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, WIDE);
    const main = page.getByRole('main');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Segments' }).click();
    await page.waitForURL(/\/admin\/segments$/);
    await remotePageLoaded(main);
    await assertAccessible(page, 'segments list 1440');

    // The form: the count of every player first, then of the criteria as they are typed.
    await main.getByRole('link', { name: 'New segment' }).first().click();
    await formReady(main);
    const count = main.getByRole('status').filter({ hasText: /players? match/ });
    await count.waitFor();
    const everyone = figure(await count.innerText());
    assert.ok(everyone > 100, `the local seed's players: ${everyone}`);
    await main.getByLabel('Name', { exact: true }).fill('E2E level 60');
    await main.getByLabel('Lowest level').fill('60');
    await page.waitForFunction(
      (before) => {
        const status = [...document.querySelectorAll('main [role=status]')].find((s) => /players? match/.test(s.textContent ?? ''));
        const match = /([\d,]+) players? match/.exec(status?.textContent ?? '');
        return !!match && Number(match[1].replaceAll(',', '')) < before && status?.getAttribute('aria-busy') === 'false';
      },
      everyone,
      { timeout: 15_000 },
    );
    const members = figure(await count.innerText());
    assert.ok(members > 0 && members < everyone, `level 60 and above: ${members}`);
    await assertAccessible(page, 'segments form 1440');
    await page.setViewportSize(NARROW);
    await assertAccessible(page, 'segments form 390');
    await page.setViewportSize(WIDE);
    await main.getByRole('button', { name: 'Create segment' }).click();
    await page.waitForURL(/\/admin\/segments$/);

    // Its page: the same count, and the ban of its members confirmed with that count (cancelled here).
    await main.getByRole('link', { name: 'Open the segment E2E level 60' }).click();
    await main.getByRole('heading', { name: 'Segment "E2E level 60"' }).waitFor();
    const shown = main.getByRole('status').filter({ hasText: /players? match/ });
    await shown.waitFor();
    assert.equal(figure(await shown.innerText()), members);
    await main.getByText('Level 60 and above').waitFor();
    await assertAccessible(page, 'segment page 1440');
    await main.getByRole('button', { name: 'Ban members…' }).click();
    const ban = page.getByRole('alertdialog', { name: `Ban ${members.toLocaleString('en-US')} players?` });
    await ban.waitFor();
    await assertAccessible(page, 'segment ban dialog 1440');
    await page.setViewportSize(NARROW);
    await assertAccessible(page, 'segment ban dialog 390');
    await ban.getByRole('button', { name: 'Cancel' }).click();
    await ban.waitFor({ state: 'detached' });
    await assertAccessible(page, 'segment page 390');
    await page.goto(`${ctx.stack.hostUrl}/admin/segments`);
    await main.getByRole('link', { name: 'Open the segment E2E level 60' }).waitFor();
    await assertAccessible(page, 'segments list 390');
    await page.setViewportSize(WIDE);

    // Present 配布 to the segment (from its page: the segment comes chosen): its active members
    // counted, confirmed, then sent to exactly them.
    await main.getByRole('link', { name: 'Open the segment E2E level 60' }).click();
    await main.getByRole('link', { name: 'Send a present…' }).click();
    await page.waitForURL(/\/admin\/present\/distribution\?segment=\d+$/);
    const presentSelect = main.getByLabel('Present', { exact: true });
    const option = presentSelect.locator('option', { hasText: 'Welcome pack' });
    await option.waitFor({ state: 'attached' });
    await presentSelect.selectOption(await option.getAttribute('value'));
    assert.equal(await main.getByRole('radio', { name: 'A segment' }).isChecked(), true);
    const segmentSelect = main.getByLabel('Segment', { exact: true });
    await segmentSelect.locator('option', { hasText: 'E2E level 60' }).waitFor({ state: 'attached' });
    await page.waitForFunction(() => {
      const select = [...document.querySelectorAll('main select')].find((s) => s.labels?.[0]?.textContent?.startsWith('Segment'));
      return select?.selectedOptions[0]?.textContent === 'E2E level 60';
    });
    const receive = main.getByText(/^[\d,]+ players? will receive it\.$/);
    await receive.waitFor();
    const recipients = Number((await receive.innerText()).replace(/[^\d]/g, ''));
    // Banned members receive nothing: at most the segment's count.
    assert.ok(recipients > 0 && recipients <= members, `recipients ${recipients} of ${members} members`);
    await assertAccessible(page, 'present/distribution with a segment');
    await main.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send "Welcome pack"?' });
    await confirm.getByText(`${recipients.toLocaleString('en-US')} players receive it now. This cannot be undone.`).waitFor();
    await assertAccessible(page, 'present/distribution segment confirm 1440');
    await page.setViewportSize(NARROW);
    await assertAccessible(page, 'present/distribution segment confirm 390');
    await page.setViewportSize(WIDE);
    await confirm.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`"Welcome pack": queued for ${recipients} players`).waitFor();
    const sent = main.getByRole('row', { name: /Welcome pack[\s\S]*Segment #\d+/ });
    await sent.getByText('Done').waitFor({ timeout: 60_000 });
    assert.match(await sent.innerText(), new RegExp(`${recipients} / ${recipients}`));
    await context.close();
  });
});
