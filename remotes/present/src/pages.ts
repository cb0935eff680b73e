import {
  presentDistributionsResource,
  presentsResource,
  seasonsResource,
  shopItemsResource,
  treasureChestsResource,
} from '@phoenix/contract';
import { areaPage, pagesOf, type SectionDefinition } from '@phoenix/shell';
import areas from './areas';
import './i18n';

/** The page of each area of areas.ts (routed by the host under /admin): its list, form, resource and record label. */
export default pagesOf(areas, 'present', {
  presents: areaPage({
    resource: presentsResource,
    prefetch: false,
    labelOf: (present) => present.name,
    formLabelOf: (present) => `"${present.name}"`,
    list: () => import('./areas/presents/PresentListPage'),
    form: () => import('./areas/presents/PresentForm'),
  }),
  presentDistributions: areaPage({
    resource: presentDistributionsResource,
    prefetch: false,
    labelOf: (d) => d.presentName,
    list: () => import('./areas/presentDistributions/PresentDistributionPage'),
  }),
  shop: areaPage({
    resource: shopItemsResource,
    prefetch: false,
    labelOf: (item) => `#${item.sortOrder}`,
    // Where the label stands alone (a form's toasts, a history's title), "#4" alone reads as an id.
    formLabelOf: (item, t) => t('shop.itemLabel', { position: item.sortOrder }),
    list: () => import('./areas/shop/ShopListPage'),
    form: () => import('./areas/shop/ShopForm'),
  }),
  treasureChests: areaPage({
    resource: treasureChestsResource,
    prefetch: false,
    labelOf: (chest) => chest.name,
    formLabelOf: (chest) => `"${chest.name}"`,
    list: () => import('./areas/treasureChests/TreasureChestListPage'),
    form: () => import('./areas/treasureChests/TreasureChestForm'),
  }),
  seasons: areaPage({
    resource: seasonsResource,
    prefetch: false,
    labelOf: (season) => season.name,
    formLabelOf: (season) => `"${season.name}"`,
    list: () => import('./areas/seasons/SeasonListPage'),
    form: () => import('./areas/seasons/SeasonForm'),
  }),
});

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'presents', order: 30, load: () => import('./areas/presentDistributions/PlayerPresentsSection') },
];
