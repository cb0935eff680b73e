import { adminsResource, playersResource, policiesResource, termsOfServiceResource } from '@phoenix/contract';
import { areasOf, standalonePage } from '@phoenix/shell';
import './i18n';

const area = areasOf('userPolicy');

/** Pages of the user-policy remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...area({
    name: 'admins',
    base: 'management',
    shape: 'routes',
    resource: adminsResource,
    prefetch: false,
    labelOf: (admin) => admin.email,
    list: () => import('./areas/admins/AdminListPage'),
  }),
  ...area({
    name: 'players',
    base: 'user',
    shape: 'routes',
    resource: playersResource,
    prefetch: false,
    labelOf: (player) => `${player.name} (#${player.id})`,
    list: () => import('./areas/players/PlayerListPage'),
  }),
  ...area({
    name: 'policies',
    base: 'policies',
    shape: 'routes',
    resource: policiesResource,
    labelOf: (policy) => policy.name,
    list: () => import('./areas/policies/PolicyListPage'),
    form: () => import('./areas/policies/PolicyForm'),
  }),
  ...standalonePage('security', () => import('./areas/security/SecurityPage')),
  ...standalonePage('user/restrictApis', () => import('./areas/restrictions/PlayerRestrictionsPage')),
  ...standalonePage('policies/restrictApis', () => import('./areas/policies/PolicyApisPage')),
  ...area({
    name: 'policyMembers',
    base: 'policies/users_in_policy',
    shape: 'routes',
    list: () => import('./areas/policyMembers/PolicyMembersPage'),
  }),
  ...area({
    name: 'termsOfService',
    base: 'terms-of-service',
    shape: 'routes',
    resource: termsOfServiceResource,
    prefetch: false,
    labelOf: (version) => `"${version.title}"`,
    list: () => import('./areas/termsOfService/TermsListPage'),
    form: () => import('./areas/termsOfService/TermsForm'),
  }),
};

export default pages;
