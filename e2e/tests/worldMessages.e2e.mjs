import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formReady, localInput, openFromMenu, useConsole } from '../support/suite.mjs';

describe('world messages', () => {
  const ctx = useConsole(18750);

  it('creates, edits and cancels a scheduled message; the list follows each step', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'World Message Management', /\/admin\/worldMessage$/);
    await main
      .getByRole('row', { name: /Welcome to the Ember Season!/ })
      .getByText('Showing')
      .waitFor(); // seeded

    // Create, with the display window checked on the client first.
    await main.getByRole('link', { name: 'New world message' }).click();
    await page.waitForURL(/\/admin\/worldMessage\?create=1$/);
    await formReady(main);
    await main.getByRole('textbox', { name: /^Message/ }).fill('E2E: servers restart at dawn');
    await main.getByLabel('Severity').selectOption('warning');
    await main.getByLabel('Display start').fill(localInput(24));
    await main.getByLabel('Display end').fill(localInput(23));
    await main.getByRole('button', { name: 'Create world message' }).click();
    await main.getByText('Display end must be after display start').waitFor();
    await main.getByLabel('Display end').fill(localInput(25));
    await main.getByRole('button', { name: 'Create world message' }).click();
    await page.waitForURL(/\/admin\/worldMessage$/);
    const row = main.getByRole('row', { name: /E2E: servers restart at dawn/ });
    await row.getByText('Scheduled').waitFor();
    await row.getByText('Warning').waitFor();

    // Edit while scheduled.
    await row.getByRole('link', { name: /edit/i }).click();
    await page.waitForURL(/\/admin\/worldMessage\?edit=\d+$/);
    await formReady(main);
    await main.getByRole('textbox', { name: /^Message/ }).fill('E2E: servers restart at noon');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/admin\/worldMessage$/);
    const edited = main.getByRole('row', { name: /E2E: servers restart at noon/ });
    await edited.getByText('Scheduled').waitFor();

    // Cancel, after a confirm naming the message: the row turns "Cancelled" without a reload.
    await edited.getByRole('button', { name: /cancel/i }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel the scheduled message "E2E: servers restart at noon"?' });
    await dialog.getByText('Players will never see it.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel message' }).click();
    await edited.getByText('Cancelled').waitFor();
    assert.equal(await edited.getByRole('button', { name: /cancel/i }).count(), 0);

    // The state filter lives in the URL.
    await main.getByLabel('State').selectOption('cancelled');
    await page.waitForURL(/state=cancelled/);
    await page.reload();
    await edited.getByText('Cancelled').waitFor();
    assert.equal(await main.getByRole('row', { name: /Welcome to the Ember Season!/ }).count(), 0);
    await context.close();
  });

  it('a live message: its text corrected (the rest read-only), then ended now after a confirm', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'World Message Management', /\/admin\/worldMessage$/);
    await main.getByRole('link', { name: 'New world message' }).click();
    await formReady(main);
    await main.getByRole('textbox', { name: /^Message/ }).fill('E2E: wrong broadcast');
    await main.getByLabel('Severity').selectOption('info');
    await main.getByLabel('Display start').fill(localInput(-1));
    await main.getByLabel('Display end').fill(localInput(3));
    await main.getByRole('button', { name: 'Create world message' }).click();
    await page.waitForURL(/\/admin\/worldMessage$/);
    const row = main.getByRole('row', { name: /E2E: wrong broadcast/ });
    await row.getByText('Showing').waitFor();

    // Edit while showing: only the text; severity and window are shown disabled with the reason.
    await row.getByRole('link', { name: /edit/i }).click();
    await formReady(main);
    await main.getByText(/only its text can be corrected/).waitFor();
    assert.equal(await main.getByLabel('Severity').isDisabled(), true);
    assert.equal(await main.getByLabel('Display start').isDisabled(), true);
    await main.getByRole('textbox', { name: /^Message/ }).fill('E2E: corrected broadcast');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/admin\/worldMessage$/);
    const corrected = main.getByRole('row', { name: /E2E: corrected broadcast/ });
    await corrected.getByText('Showing').waitFor();

    // End now: the confirm says all players stop seeing it; the row turns "Ended".
    await corrected.getByRole('button', { name: 'End now: E2E: corrected broadcast' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'End the showing message "E2E: corrected broadcast" now?' });
    await dialog.getByText(/All players stop seeing it at once/).waitFor();
    await dialog.getByRole('button', { name: 'End now' }).click();
    await corrected.getByText('Ended').waitFor();
    assert.equal(await corrected.getByRole('button', { name: /^End / }).count(), 0);
    await context.close();
  });
});
