import { yieldToBrowser } from './yieldToBrowser';

interface ContractModules {
  keys(): string[];
  (key: string): Promise<unknown>;
}

/**
 * The contract's modules evaluated a few per task, before the shared '@phoenix/contract' barrel needs
 * them: building its ~200 zod schemas in one go was the longest task of the start (about 50 ms on a
 * fast machine, four times that on a mid-range phone). These are the same modules the barrel imports
 * (one webpack module each), so the barrel then finds them evaluated.
 */
export async function evaluateContractInSlices(budgetMs = 8): Promise<void> {
  const modules = (
    import.meta as unknown as {
      webpackContext(dir: string, options: { recursive: boolean; regExp: RegExp; mode: 'lazy-once' }): ContractModules;
    }
  ).webpackContext('../../../shared/contract/src', { recursive: false, regExp: /^\.\/[A-Za-z]+\.ts$/, mode: 'lazy-once' });
  let sliceStart = performance.now();
  for (const key of modules.keys()) {
    if (key === './index.ts') continue;
    await modules(key);
    if (performance.now() - sliceStart > budgetMs) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
  }
}
