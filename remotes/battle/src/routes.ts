import type { RemoteRoutesDeclaration } from '@phoenix/contract';

/**
 * What the battle remote serves under /admin: path, route name, title and sidebar entry, in English
 * and Japanese. Plain data: its build emits it as routes.json beside mf-manifest.json, and the host
 * builds its route table and sidebar from that file without running this remote's code. pages.ts
 * must have a page for every path here but the redirects (pages.test.tsx).
 */
const routes: RemoteRoutesDeclaration = {
  remote: 'battle',
  routes: [
    {
      path: 'battle',
      name: 'battle',
      area: 'battles',
      title: { en: 'Battle Management', ja: 'バトル管理' },
      menu: {
        label: { en: 'Battle Management', ja: 'バトル管理' },
        position: 20,
      },
    },
    {
      path: 'battle/forceEnd',
      name: 'forceEndMente',
      title: { en: 'Force End Battles (Maintenance)', ja: 'バトル強制終了（メンテナンス）' },
    },
    {
      path: 'health',
      name: 'health',
      title: { en: 'Health Management', ja: 'ヘルス管理' },
      menu: {
        label: { en: 'Health Management', ja: 'ヘルス管理' },
        position: 70,
      },
    },
    {
      path: 'cooldown',
      name: 'cooldown',
      title: { en: 'Cooldown Management', ja: 'クールダウン管理' },
      menu: {
        label: { en: 'Cooldown Management', ja: 'クールダウン管理' },
        position: 80,
      },
    },
    {
      path: 'energy',
      name: 'energy',
      title: { en: 'Energy Management', ja: 'エネルギー管理' },
      menu: {
        label: { en: 'Energy Management', ja: 'エネルギー管理' },
        position: 180,
      },
    },
    {
      path: 'doubleupSeasonHistory',
      name: 'doubleupSeasonHistory',
      area: 'doubleUpSeasons',
      title: { en: 'DoubleupSeasonHistory Management', ja: 'ダブルアップシーズン履歴管理' },
      menu: {
        label: { en: 'DoubleupSeasonHistory Management', ja: 'ダブルアップシーズン履歴管理' },
        position: 200,
      },
    },
    {
      path: 'logoutAndBattleForceEnd',
      name: 'logoutAndBattleForceEnd',
      title: { en: 'Logout & BattleForceEnd Management', ja: 'ログアウト・バトル強制終了管理' },
      menu: {
        label: { en: 'Logout & BattleForceEnd Management', ja: 'ログアウト・バトル強制終了管理' },
        position: 210,
      },
    },
  ],
};

export default routes;
