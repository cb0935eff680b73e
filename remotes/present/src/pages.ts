import { placeholderPages } from '@phoenix/shell';

/** Pages of the present remote, keyed by their path under /admin (PRODUCT §2). */
const pages = placeholderPages({
  present: 'Present Management',
  'present/create': 'Create Present',
  'present/edit': 'Edit Present',
  'present/distribution': 'Present 配布',
  shop: 'Shop Management',
  'shop/edit': 'Edit Shop Item',
  treasureChest: 'TreasureChest Management',
  seasonPass: 'SeasonPass Management',
});

export default pages;
