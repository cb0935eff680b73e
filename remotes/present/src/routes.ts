import type { RemoteRoutesDeclaration } from '@phoenix/contract';

/**
 * What the present remote serves under /admin: path, route name, title and sidebar entry, in English
 * and Japanese. Plain data: its build emits it as routes.json beside mf-manifest.json, and the host
 * builds its route table and sidebar from that file without running this remote's code. pages.ts
 * must have a page for every path here but the redirects (pages.test.tsx).
 */
const routes: RemoteRoutesDeclaration = {
  remote: 'present',
  routes: [
    {
      path: 'present',
      name: 'present',
      area: 'presents',
      title: { en: 'Present Management', ja: 'プレゼント管理' },
      menu: {
        label: { en: 'Present Management', ja: 'プレゼント管理' },
        position: 30,
      },
    },
    {
      path: 'present/create',
      name: 'presentCreate',
      title: { en: 'Create Present', ja: 'プレゼント作成' },
    },
    {
      path: 'present/edit',
      name: 'presentEdit',
      title: { en: 'Edit Present', ja: 'プレゼント編集' },
    },
    {
      path: 'present/distribution',
      name: 'presentDistribution',
      area: 'presentDistributions',
      title: { en: 'Present 配布', ja: 'プレゼント配布' },
      menu: {
        label: { en: 'Present 配布', ja: 'プレゼント配布' },
        position: 40,
      },
    },
    {
      path: 'shop',
      name: 'shop',
      area: 'shop',
      title: { en: 'Shop Management', ja: 'ショップ管理' },
      menu: {
        label: { en: 'Shop Management', ja: 'ショップ管理' },
        position: 50,
      },
    },
    {
      path: 'shop/edit',
      name: 'shopEdit',
      title: { en: 'Edit Shop Item', ja: 'ショップ商品編集' },
    },
    {
      path: 'treasureChest',
      name: 'treasureChest',
      area: 'treasureChests',
      title: { en: 'TreasureChest Management', ja: '宝箱管理' },
      menu: {
        label: { en: 'TreasureChest Management', ja: '宝箱管理' },
        position: 90,
      },
    },
    {
      path: 'seasonPass',
      name: 'seasonPass',
      area: 'seasons',
      title: { en: 'SeasonPass Management', ja: 'シーズンパス管理' },
      menu: {
        label: { en: 'SeasonPass Management', ja: 'シーズンパス管理' },
        position: 100,
      },
    },
  ],
};

export default routes;
