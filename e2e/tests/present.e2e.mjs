import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { formReady, localInput, openFromMenu, useConsole } from '../support/suite.mjs';

/** A catalogue item as the item pickers list it ("◆ Gem (currency)"). */
const ITEM = {
  gem: '◆ Gem (currency)',
  coin: '¢ Coin (currency)',
  potion: '✚ Health Potion (consumable)',
  key: 'K Chest Key (consumable)',
};

/** Picks a catalogue item in the picker labelled `label` (its options come from the BFF: selectOption waits for them). */
const pickItem = (main, label, item) => main.getByLabel(label, { exact: true }).selectOption({ label: item });

describe('present remote', () => {
  const ctx = useConsole(19300);

  it('creates a present with two items, sends it to a pasted id list now, schedules one and cancels it', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Present Management', /\/admin\/present$/);
    await main.getByRole('row', { name: /Welcome pack/ }).waitFor(); // seeded
    await assertAccessible(page, 'present list');

    await main.getByRole('link', { name: 'New present' }).click();
    await formReady(main);
    await assertAccessible(page, 'present form');
    await main.getByLabel('Name', { exact: true }).fill('E2E gift');
    await pickItem(main, 'Item 1', ITEM.gem);
    await main.getByLabel('Quantity 1').fill('50');
    await main.getByRole('button', { name: 'Add item' }).click();
    await pickItem(main, 'Item 2', ITEM.potion);
    await main.getByLabel('Quantity 2').fill('3');
    await main.getByRole('button', { name: 'Create present' }).click();
    await page.waitForURL(/\/admin\/present$/);
    const row = main.getByRole('row', { name: /E2E gift/ });
    await row.getByText('Health Potion', { exact: false }).waitFor();
    assert.match(await row.innerText(), /Gem × 50[\s\S]*Health Potion × 3|Health Potion × 3[\s\S]*Gem × 50/);

    // Present 配布: a pasted list (one unknown id left out, player 97 banned by the local seed).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Present 配布' }).click();
    await page.waitForURL(/\/admin\/present\/distribution$/);
    const presentSelect = main.getByLabel('Present', { exact: true });
    const option = presentSelect.locator('option', { hasText: 'E2E gift' });
    await option.waitFor({ state: 'attached' });
    await assertAccessible(page, 'present/distribution');
    await presentSelect.selectOption(await option.getAttribute('value'));
    await main.getByLabel('A list of player ids').check();
    await main.getByRole('button', { name: 'Paste or upload ids' }).click();
    const bulk = page.getByRole('dialog', { name: 'Player ids to receive the present' });
    await bulk.getByLabel('Player ids').fill('user_id\n1\n2\n3\n97\n999999');
    await bulk.getByRole('button', { name: 'Check ids' }).click();
    await bulk.getByRole('list', { name: 'Unknown ids' }).getByText('999999').waitFor();
    await bulk.getByText('4 players will be added.').waitFor();
    await assertAccessible(page, 'present/distribution id list');
    await bulk.getByRole('button', { name: 'Use these ids' }).click();
    await main.getByText('4 ids listed').waitFor();
    await main.getByText('3 players will receive it.').waitFor();
    await main.getByRole('button', { name: 'Send now' }).click();
    const confirmNow = page.getByRole('alertdialog', { name: 'Send "E2E gift"?' });
    await confirmNow.getByText('3 players receive it now. This cannot be undone.').waitFor();
    await assertAccessible(page, 'present/distribution confirm');
    await confirmNow.getByRole('button', { name: 'Send' }).click();
    await page.getByText('"E2E gift": queued for 3 players').waitFor();
    // The job runs in the BFF; the list refreshes itself until it is done.
    const sent = main.getByRole('row', { name: /E2E gift[\s\S]*4 listed ids/ });
    await sent.getByText('Done').waitFor({ timeout: 60_000 });
    assert.match(await sent.innerText(), /3 \/ 3/);
    assert.match(await sent.innerText(), /admin@phoenix\.local/);

    // Scheduled for all players in two days, then cancelled before it starts.
    await main.getByLabel('All active players').check();
    await main.getByLabel('At a time').check();
    await main.getByLabel('Scheduled for').fill(localInput(48));
    await main.getByText(/\d[\d,]* players will receive it\./).waitFor();
    await main.getByRole('button', { name: 'Schedule', exact: true }).click();
    const confirmLater = page.getByRole('alertdialog', { name: 'Send "E2E gift"?' });
    await confirmLater.getByText(/You can cancel it until then\./).waitFor();
    await confirmLater.getByRole('button', { name: 'Send' }).click();
    const scheduled = main.getByRole('row', { name: /E2E gift[\s\S]*All active players[\s\S]*Scheduled/ });
    await scheduled.waitFor();
    await scheduled.getByRole('button', { name: /^Cancel the distribution of E2E gift \(#\d+\)$/ }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel the distribution of "E2E gift"?' });
    await assertAccessible(page, 'present/distribution cancel');
    await cancel.getByRole('button', { name: 'Cancel distribution' }).click();
    await page.getByText('The distribution of "E2E gift" is cancelled').waitFor();
    await main.getByRole('row', { name: /E2E gift[\s\S]*All active players[\s\S]*Cancelled/ }).waitFor();

    // Sent: its items are fixed now (its texts are not).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Present Management' }).click();
    await page.waitForURL(/\/admin\/present$/);
    await main
      .getByRole('row', { name: /E2E gift/ })
      .getByRole('link', { name: 'Edit E2E gift' })
      .click();
    await page.waitForURL(/\/admin\/present\/edit\?id=\d+$/);
    await main.getByText('Items are fixed').waitFor();
    await assertAccessible(page, 'present/edit');
    await context.close();
  });

  it('edits a shop item’s price and moves it down', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Shop Management', /\/admin\/shop$/);
    const drinks = main.getByRole('row', { name: /Energy Drink × 5/ });
    await drinks.waitFor(); // seeded second
    await assertAccessible(page, 'shop list');
    assert.match(await drinks.innerText(), /(^|\t)2\t/); // its place in the shop's order

    await drinks.getByRole('link', { name: 'Edit #2' }).click();
    await page.waitForURL(/\/admin\/shop\/edit\?id=\d+$/);
    await formReady(main);
    await assertAccessible(page, 'shop/edit');
    await main.getByLabel('Price', { exact: true }).fill('75');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/admin\/shop$/);
    await drinks.getByText('75 Gem').waitFor();

    await drinks.getByRole('button', { name: 'Move #2 down' }).click();
    await page.getByText('Moved down to #3').waitFor();
    // The list in shop order once refetched: Health Potion (swapped with it) second, Energy Drink third.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('main tbody tr')].map((tr) => tr.innerText);
      return /^\s*2\t.*Health Potion/.test(rows[1] ?? '') && /^\s*3\t.*Energy Drink/.test(rows[2] ?? '');
    });
    await context.close();
  });

  it('builds a drop table and sees each chance as the weights are typed', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'TreasureChest Management', /\/admin\/treasureChest$/);
    await main.getByRole('row', { name: /Wooden chest/ }).waitFor(); // seeded
    await assertAccessible(page, 'treasureChest list');
    await main.getByRole('link', { name: 'New treasure chest' }).click();
    await formReady(main);
    await main.getByLabel('Name', { exact: true }).fill('E2E chest');
    await main.getByLabel('Rarity', { exact: true }).selectOption('rare');
    await main.getByLabel('Open cost').fill('150');
    await main.getByLabel('Currency', { exact: true }).selectOption('gem');
    await pickItem(main, 'Drop 1 item', ITEM.gem);
    await main.getByLabel('Drop 1 weight').fill('3');
    await main.getByRole('button', { name: 'Add drop' }).click();
    await pickItem(main, 'Drop 2 item', ITEM.coin);
    await main.getByLabel('Drop 2 weight').fill('1');
    const chance = (n) => main.getByLabel(`Drop ${n} chance`);
    await chance(1).getByText('75.00 %').waitFor();
    await chance(2).getByText('25.00 %').waitFor();
    await main.getByLabel('Drop 2 weight').fill('5');
    await chance(1).getByText('37.50 %').waitFor();
    await chance(2).getByText('62.50 %').waitFor();
    await main.getByText('Total weight: 8.').waitFor();
    await assertAccessible(page, 'treasureChest form');
    await main.getByRole('button', { name: 'Create treasure chest' }).click();
    const row = main.getByRole('row', { name: /E2E chest/ });
    await row.getByText(/Coin × 1 — 62\.50 %/).waitFor();
    assert.match(await row.innerText(), /Gem × 1 — 37\.50 %/);
    await context.close();
  });

  it('adds a season with three tiers', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'SeasonPass Management', /\/admin\/seasonPass$/);
    await main.getByRole('row', { name: /Season 2: Ember/ }).waitFor(); // seeded
    await assertAccessible(page, 'seasonPass list');
    await main.getByRole('link', { name: 'New season' }).click();
    await formReady(main);
    await main.getByLabel('Name', { exact: true }).fill('E2E season');
    // After the seeded seasons (the last ends in 80 days): periods never overlap.
    await main.getByLabel('Starts', { exact: true }).fill(localInput(24 * 100));
    await main.getByLabel('Ends', { exact: true }).fill(localInput(24 * 130));
    await main.getByRole('button', { name: 'Add tier' }).click();
    await main.getByRole('button', { name: 'Add tier' }).click();
    for (const n of [1, 2, 3]) {
      await pickItem(main, `Tier ${n} free reward`, ITEM.coin);
      await main.getByLabel(`Tier ${n} free quantity`).fill(String(100 * n));
      await pickItem(main, `Tier ${n} premium reward`, n === 3 ? ITEM.key : ITEM.gem);
    }
    assert.equal(await main.getByLabel('Tier 3 level').inputValue(), '3');
    assert.equal(await main.getByLabel('Tier 3 XP required').inputValue(), '2000');
    await assertAccessible(page, 'seasonPass form');
    await main.getByRole('button', { name: 'Create season' }).click();
    const row = main.getByRole('row', { name: /E2E season/ });
    await row.getByText('Upcoming').waitFor();
    assert.match(await row.innerText(), /980\t3\t/); // premium price, then the number of tiers
    await context.close();
  });
});
