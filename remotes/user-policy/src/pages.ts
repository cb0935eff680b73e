import { policyResource } from '@phoenix/contract';
import { resourcePages, standalonePage } from '@phoenix/shell';
import './i18n';

/** Pages of the user-policy remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...standalonePage('management', () => import('./areas/admins/AdminListPage')),
  ...standalonePage('user', () => import('./areas/players/PlayerListPage')),
  ...resourcePages({
    base: 'policies',
    resource: policyResource,
    shape: 'routes',
    list: () => import('./areas/policies/PolicyListPage'),
    form: () => import('./areas/policies/PolicyForm'),
  }),
  ...standalonePage('user/restrictApis', () => import('./areas/restrictions/PlayerRestrictionsPage')),
  ...standalonePage('policies/restrictApis', () => import('./areas/policies/PolicyApisPage')),
  ...standalonePage('policies/users_in_policy', () => import('./areas/policyMembers/PolicyMembersPage')),
  ...resourcePages({
    base: 'terms-of-service',
    shape: 'routes',
    list: () => import('./areas/termsOfService/TermsListPage'),
    form: () => import('./areas/termsOfService/TermsForm'),
  }),
};

export default pages;
