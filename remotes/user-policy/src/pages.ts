import { adminsResource, playersResource, policiesResource, segmentsResource, termsOfServiceResource } from '@phoenix/contract';
import { areaPage, pagesOf } from '@phoenix/shell';
import areas from './areas';
import './i18n';

/** The page of each area of areas.ts (routed by the host under /admin): its list, form, resource and record label. */
export default pagesOf(areas, 'userPolicy', {
  admins: areaPage({
    resource: adminsResource,
    prefetch: false,
    labelOf: (admin) => admin.email,
    list: () => import('./areas/admins/AdminListPage'),
  }),
  players: areaPage({
    resource: playersResource,
    prefetch: false,
    labelOf: (player) => `${player.name} (#${player.id})`,
    list: () => import('./areas/players/PlayerListPage'),
  }),
  policies: areaPage({
    resource: policiesResource,
    labelOf: (policy) => policy.name,
    list: () => import('./areas/policies/PolicyListPage'),
    form: () => import('./areas/policies/PolicyForm'),
  }),
  segments: areaPage({
    resource: segmentsResource,
    labelOf: (segment) => segment.name,
    list: () => import('./areas/segments/SegmentListPage'),
    form: () => import('./areas/segments/SegmentForm'),
  }),
  termsOfService: areaPage({
    resource: termsOfServiceResource,
    prefetch: false,
    labelOf: (version) => `"${version.title}"`,
    list: () => import('./areas/termsOfService/TermsListPage'),
    form: () => import('./areas/termsOfService/TermsForm'),
  }),
  security: () => import('./areas/security/SecurityPage'),
  restrictions: () => import('./areas/restrictions/PlayerRestrictionsPage'),
  policyApis: () => import('./areas/policies/PolicyApisPage'),
  policyMembers: () => import('./areas/policyMembers/PolicyMembersPage'),
});
