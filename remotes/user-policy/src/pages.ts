import { placeholderPages, resourcePages, standalonePage } from '@phoenix/shell';
import './i18n';

/** Pages of the user-policy remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...standalonePage('management', () => import('./areas/admins/AdminListPage')),
  ...standalonePage('user', () => import('./areas/players/PlayerListPage')),
  ...placeholderPages({
    'user/restrictApis': 'Restricted APIs of a Player',
    policies: 'Policy Management',
    'policies/create': 'Create Policy',
    'policies/edit': 'Edit Policy',
    'policies/users_in_policy': 'Users in Policy',
    'policies/restrictApis': 'Restricted APIs of a Policy',
  }),
  ...resourcePages({
    base: 'terms-of-service',
    shape: 'routes',
    list: () => import('./areas/termsOfService/TermsListPage'),
    form: () => import('./areas/termsOfService/TermsForm'),
  }),
};

export default pages;
