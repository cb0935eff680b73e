import { resourcePages, type SectionDefinition } from '@phoenix/shell';
import './i18n';

/** Pages of the present remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...resourcePages({
    base: 'present',
    shape: 'routes',
    list: () => import('./areas/presents/PresentListPage'),
    form: () => import('./areas/presents/PresentForm'),
  }),
  ...resourcePages({
    base: 'present/distribution',
    shape: 'subViews',
    list: () => import('./areas/presentDistributions/PresentDistributionPage'),
  }),
  ...resourcePages({
    base: 'shop',
    shape: 'editRoute',
    list: () => import('./areas/shop/ShopListPage'),
    form: () => import('./areas/shop/ShopForm'),
  }),
  ...resourcePages({
    base: 'treasureChest',
    shape: 'subViews',
    list: () => import('./areas/treasureChests/TreasureChestListPage'),
    form: () => import('./areas/treasureChests/TreasureChestForm'),
  }),
  ...resourcePages({
    base: 'seasonPass',
    shape: 'subViews',
    list: () => import('./areas/seasons/SeasonListPage'),
    form: () => import('./areas/seasons/SeasonForm'),
  }),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'presents', order: 30, load: () => import('./areas/presentDistributions/PlayerPresentsSection') },
];
