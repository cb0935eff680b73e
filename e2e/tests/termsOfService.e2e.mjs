import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formReady, localInput, openFromMenu, useConsole } from '../support/suite.mjs';
import { assertAccessible } from '../support/axe.mjs';

/** The list row of a version by its title (exactly) and status badge. */
const versionRow = (main, title, status) =>
  main
    .getByRole('row')
    .filter({ has: main.page().getByText(title, { exact: true }) })
    .filter({ hasText: status });

describe('terms of service', () => {
  const ctx = useConsole(18900);

  it('drafts a version (with its difference from the current one), publishes it and sees it become current; read-only after', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'ToS Management', /\/admin\/terms-of-service$/);
    const seeded = versionRow(main, 'Phoenix Terms of Service', 'Current');
    await seeded.waitFor();
    await assertAccessible(page, 'terms of service list');

    // A new draft: the preview and the difference from the current (seeded) version follow the typing.
    await main.getByRole('link', { name: 'New terms of service version' }).click();
    await page.waitForURL(/\/admin\/terms-of-service\/create$/);
    await formReady(main);
    await main.getByLabel('Title').fill('E2E Terms');
    await main
      .getByLabel('Body')
      .fill('# Terms of Service\n\n## 1. Accounts\n\nOne account per player.\n\n## 9. E2E clause\n\nBe **kind**.');
    await main.getByLabel('Effective date').fill(localInput(-0.1));
    const diff = main.getByRole('region', { name: 'Difference from the current version' });
    await diff.getByText(/Compared with the current version "Phoenix Terms of Service"/).waitFor();
    assert.ok((await diff.locator('ins').count()) > 0);
    assert.ok((await diff.locator('del').count()) > 0);
    await main.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: '9. E2E clause' }).waitFor();
    await assertAccessible(page, 'terms of service create form');
    await main.getByRole('button', { name: 'Create terms of service version' }).click();
    await page.waitForURL(/\/admin\/terms-of-service$/);

    // Publish from the list (after a confirm): it becomes current, the seeded one superseded.
    const mine = main.getByRole('row').filter({ hasText: 'E2E Terms' });
    await mine.getByText('Draft').waitFor();
    await mine.getByRole('button', { name: /^Publish "E2E Terms"/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await mine.getByText('Current').waitFor();
    await versionRow(main, 'Phoenix Terms of Service', 'Superseded').waitFor();
    assert.equal(await mine.getByRole('button', { name: /^Publish/ }).count(), 0);
    assert.equal(await mine.getByRole('button', { name: /^Delete/ }).count(), 0);

    // Its page is read-only now, and says it is the current version.
    await mine.getByRole('link', { name: 'Edit "E2E Terms"' }).click();
    await page.waitForURL(/\/admin\/terms-of-service\/edit\?id=\d+$/);
    await main.getByText(/a published version is read-only/).waitFor();
    await main.getByText('This is the current version.').waitFor();
    assert.equal(await main.getByLabel('Title').isDisabled(), true);
    await assertAccessible(page, 'terms of service, published version');
    await context.close();
  });
});
