#!/usr/bin/env node
// How many times React commits, and which components render how often, while a cold console page
// loads signed in (until the network has been idle for 2 s): a stand-in React DevTools hook installed
// before the page's scripts counts, per commit, the components whose props or state changed.
// Re-renders of the layout and of lists show as counts above 1.
//   node bench/react-commits.mjs [/admin/logs] [--dists DIR]   (needs `pnpm build` first)
import { onSignedInConsole, runBench } from './lib.mjs';

const target = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/admin/logs';

/** Runs in the page before any script: React calls onCommitFiberRoot after each commit. */
function installHook() {
  const renders = new Map();
  const commits = [];
  // What each fiber had at the last commit: a fiber whose props and state are the same objects did
  // not render (a bailed-out subtree keeps its old fibers, flags and all).
  const seen = new WeakMap();
  const nameOf = (type) => type?.displayName ?? type?.name ?? type?.render?.displayName ?? type?.render?.name ?? '';
  const walk = (fiber, counted) => {
    for (let f = fiber; f; f = f.sibling) {
      const name = typeof f.type === 'function' || typeof f.type === 'object' ? nameOf(f.type) : '';
      const prev = seen.get(f) ?? (f.alternate ? seen.get(f.alternate) : undefined);
      if (name && (!prev || prev.props !== f.memoizedProps || prev.state !== f.memoizedState)) {
        renders.set(name, (renders.get(name) ?? 0) + 1);
        counted.n++;
      }
      seen.set(f, { props: f.memoizedProps, state: f.memoizedState });
      if (f.child) walk(f.child, counted);
    }
  };
  window.__reactCommits = { renders, commits };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(this.renderers.size + 1, renderer);
      return this.renderers.size;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const counted = { n: 0 };
      walk(root.current.child, counted);
      commits.push({ at: Math.round(performance.now()), components: counted.n });
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

async function main() {
  await onSignedInConsole(process.argv, {}, async ({ stack, context, page }) => {
    await context.addInitScript(installHook);
    const fresh = await context.newPage();
    await page.close();
    await fresh.goto(`${stack.hostUrl}${target}`);
    await fresh.getByRole('main').locator('h1, h2').first().waitFor({ timeout: 60_000 });
    await fresh.waitForLoadState('networkidle');
    await fresh.waitForTimeout(2000);
    const { commits, renders } = await fresh.evaluate(() => ({
      commits: window.__reactCommits.commits,
      renders: [...window.__reactCommits.renders],
    }));
    const total = commits.reduce((s, c) => s + c.components, 0);
    console.log(`${target}, cold, signed in: ${commits.length} React commits, ${total} component renders`);
    console.log(`  commits (ms after navigation start: components rendered): ${commits.map((c) => `${c.at}:${c.components}`).join(' ')}`);
    console.log('  components rendered more than once:');
    for (const [name, n] of renders
      .sort((a, b) => b[1] - a[1])
      .filter(([, n]) => n > 1)
      .slice(0, 30))
      console.log(`  ${String(n).padStart(4)}  ${name}`);
  });
}

runBench(main);
