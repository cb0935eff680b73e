import type { RemoteRoutesDeclaration } from '@phoenix/contract';

/**
 * What the points remote serves under /admin: path, route name, title and sidebar entry, in English
 * and Japanese. Plain data: its build emits it as routes.json beside mf-manifest.json, and the host
 * builds its route table and sidebar from that file without running this remote's code. pages.ts
 * must have a page for every path here but the redirects (pages.test.tsx).
 */
const routes: RemoteRoutesDeclaration = {
  remote: 'points',
  groups: [
    {
      key: 'points',
      label: { en: 'Points Management', ja: 'ポイント管理' },
      position: 190,
    },
  ],
  routes: [
    {
      path: 'points',
      name: 'points',
      title: { en: 'Points Management', ja: 'ポイント管理' },
      redirectTo: 'points/tasks',
    },
    {
      path: 'points/tasks',
      name: 'pointsTasks',
      area: 'pointsTasks',
      title: { en: 'Tasks Management', ja: 'タスク管理' },
      menu: {
        label: { en: 'Tasks Management', ja: 'タスク管理' },
        group: 'points',
        position: 10,
      },
    },
    {
      path: 'points/users',
      name: 'pointsUsers',
      area: 'pointAccounts',
      title: { en: 'Users Management', ja: 'ポイントユーザー管理' },
      menu: {
        label: { en: 'Users Management', ja: 'ポイントユーザー管理' },
        group: 'points',
        position: 20,
      },
    },
    {
      path: 'points/staking',
      name: 'pointsStaking',
      title: { en: 'Staking Configuration', ja: 'ステーキング設定' },
      menu: {
        label: { en: 'Staking Configuration', ja: 'ステーキング設定' },
        group: 'points',
        position: 40,
      },
    },
    {
      path: 'points/maintenance',
      name: 'pointsMaintenance',
      title: { en: 'Points Maintenance', ja: 'ポイントメンテナンス' },
      menu: {
        label: { en: 'Maintenance', ja: 'メンテナンス' },
        group: 'points',
        position: 90,
      },
    },
    {
      path: 'points/economy',
      name: 'pointsEconomy',
      title: { en: 'Economy Report', ja: '経済レポート' },
      menu: {
        label: { en: 'Economy Report', ja: '経済レポート' },
        group: 'points',
        position: 95,
      },
    },
    {
      path: 'points-lottery',
      name: 'pointsLottery',
      area: 'pointsLottery',
      title: { en: 'Lottery Configuration', ja: '抽選設定' },
      menu: {
        label: { en: 'Lottery Configuration', ja: '抽選設定' },
        group: 'points',
        position: 50,
      },
    },
    {
      path: 'points-spin',
      name: 'pointsSpin',
      title: { en: 'Spin Configuration', ja: 'スピン設定' },
      menu: {
        label: { en: 'Spin Configuration', ja: 'スピン設定' },
        group: 'points',
        position: 60,
      },
    },
    {
      path: 'points-referral',
      name: 'pointsReferral',
      title: { en: 'Referral Configuration', ja: '紹介設定' },
      menu: {
        label: { en: 'Referral Configuration', ja: '紹介設定' },
        group: 'points',
        position: 80,
      },
    },
    {
      path: 'points-lootbox',
      name: 'pointsLootbox',
      area: 'lootbox',
      title: { en: 'LootBox Configuration', ja: 'ルートボックス設定' },
      menu: {
        label: { en: 'LootBox Configuration', ja: 'ルートボックス設定' },
        group: 'points',
        position: 30,
      },
    },
    {
      path: 'points-daily-checkin',
      name: 'pointsDailyCheckin',
      title: { en: 'Daily CheckIn Configuration', ja: 'デイリーチェックイン設定' },
      menu: {
        label: { en: 'Daily CheckIn Configuration', ja: 'デイリーチェックイン設定' },
        group: 'points',
        position: 70,
      },
    },
  ],
};

export default routes;
