import {
  treasureChestsResource,
  presentDistributionsResource,
  presentsResource,
  seasonsResource,
  shopItemsResource,
} from '@phoenix/contract';
import { areasOf, type SectionDefinition } from '@phoenix/shell';
import './i18n';

const area = areasOf('present');

/** Pages of the present remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...area({
    name: 'presents',
    base: 'present',
    shape: 'routes',
    resource: presentsResource,
    prefetch: false,
    labelOf: (present) => present.name,
    formLabelOf: (present) => `"${present.name}"`,
    list: () => import('./areas/presents/PresentListPage'),
    form: () => import('./areas/presents/PresentForm'),
  }),
  ...area({
    name: 'presentDistributions',
    base: 'present/distribution',
    shape: 'subViews',
    resource: presentDistributionsResource,
    prefetch: false,
    labelOf: (d) => d.presentName,
    list: () => import('./areas/presentDistributions/PresentDistributionPage'),
  }),
  ...area({
    name: 'shop',
    base: 'shop',
    shape: 'editRoute',
    resource: shopItemsResource,
    prefetch: false,
    labelOf: (item) => `#${item.sortOrder}`,
    list: () => import('./areas/shop/ShopListPage'),
    form: () => import('./areas/shop/ShopForm'),
  }),
  ...area({
    name: 'treasureChests',
    base: 'treasureChest',
    shape: 'subViews',
    resource: treasureChestsResource,
    prefetch: false,
    labelOf: (chest) => chest.name,
    formLabelOf: (chest) => `"${chest.name}"`,
    list: () => import('./areas/treasureChests/TreasureChestListPage'),
    form: () => import('./areas/treasureChests/TreasureChestForm'),
  }),
  ...area({
    name: 'seasons',
    base: 'seasonPass',
    shape: 'subViews',
    resource: seasonsResource,
    prefetch: false,
    labelOf: (season) => season.name,
    formLabelOf: (season) => `"${season.name}"`,
    list: () => import('./areas/seasons/SeasonListPage'),
    form: () => import('./areas/seasons/SeasonForm'),
  }),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'presents', order: 30, load: () => import('./areas/presentDistributions/PlayerPresentsSection') },
];
