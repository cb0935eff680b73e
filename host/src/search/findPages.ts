import type { AdminTable } from '../routes/composeRoutes';
import { menuLinks, type Label } from '../layout/menu';

export interface PageHit {
  /** Relative to /admin ('' = the dashboard). */
  path: string;
  title: Label;
}

const DASHBOARD: PageHit = { path: '', title: { en: 'Dashboard', ja: 'ダッシュボード' } };

/** Case- and width-insensitive (ＡＢＣ = abc, ｶﾀｶﾅ = カタカナ), so either language's titles match as typed. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * Pages whose title, in English or Japanese whatever the console's language, contains the text:
 * from the composed route table (every remote's declared pages, redirects left out), titles that
 * start with it first.
 */
export function findPages(table: AdminTable, text: string, limit = 8): PageHit[] {
  const q = fold(text.trim());
  if (!q) return [];
  const pages: PageHit[] = [DASHBOARD, ...table.routes.filter((r) => !r.redirectTo).map((r) => ({ path: r.path, title: r.title }))];
  // A page is found by its sidebar label too (the seed's "Present Management" heads the page "Presents").
  const menuLabels = new Map(menuLinks(table.menu).map((link) => [link.target, link.label]));
  const rank = (page: PageHit) => {
    const label = menuLabels.get(page.path);
    const titles = [page.title.en, page.title.ja ?? '', label?.en ?? '', label?.ja ?? ''].map(fold);
    if (titles.some((t) => t.startsWith(q))) return 0;
    if (titles.some((t) => t.includes(q)) || fold(page.path).includes(q)) return 1;
    return -1;
  };
  return pages
    .map((page) => ({ page, rank: rank(page) }))
    .filter((p) => p.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((p) => p.page);
}
