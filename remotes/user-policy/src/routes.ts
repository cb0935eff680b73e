import type { RemoteRoutesDeclaration } from '@phoenix/contract';

/**
 * What the user-policy remote serves under /admin: path, route name, title and sidebar entry, in English
 * and Japanese. Plain data: its build emits it as routes.json beside mf-manifest.json, and the host
 * builds its route table and sidebar from that file without running this remote's code. pages.ts
 * must have a page for every path here but the redirects (pages.test.tsx).
 */
const routes: RemoteRoutesDeclaration = {
  remote: 'user-policy',
  routes: [
    {
      path: 'management',
      name: 'management',
      area: 'admins',
      title: { en: 'Admin Management', ja: '管理者管理' },
      menu: {
        label: { en: 'Admin Management', ja: '管理者管理' },
        position: 10,
      },
    },
    {
      // One's own page (the navbar's "Security" link): no sidebar entry.
      path: 'security',
      name: 'security',
      title: { en: 'Security', ja: 'セキュリティ' },
    },
    {
      path: 'user',
      name: 'user',
      area: 'players',
      title: { en: 'User Management', ja: 'ユーザー管理' },
      menu: {
        label: { en: 'User Management', ja: 'ユーザー管理' },
        position: 110,
      },
    },
    {
      path: 'user/restrictApis',
      name: 'userRestrictApis',
      title: { en: 'Restricted APIs of a Player', ja: 'プレイヤーの制限API' },
    },
    {
      path: 'policies',
      name: 'policies',
      area: 'policies',
      title: { en: 'Policy Management', ja: 'ポリシー管理' },
      menu: {
        label: { en: 'Policy Management', ja: 'ポリシー管理' },
        position: 120,
      },
    },
    {
      path: 'policies/create',
      name: 'policiesCreate',
      title: { en: 'Create Policy', ja: 'ポリシー作成' },
    },
    {
      path: 'policies/edit',
      name: 'policiesEdit',
      title: { en: 'Edit Policy', ja: 'ポリシー編集' },
    },
    {
      path: 'policies/users_in_policy',
      name: 'policiesUsersInPolicy',
      title: { en: 'Users in Policy', ja: 'ポリシー対象ユーザー' },
    },
    {
      path: 'policies/restrictApis',
      name: 'policiesRestrictApis',
      title: { en: 'Restricted APIs of a Policy', ja: 'ポリシーの制限API' },
    },
    {
      path: 'terms-of-service',
      name: 'termsOfService',
      area: 'termsOfService',
      title: { en: 'ToS Management', ja: '利用規約管理' },
      menu: {
        label: { en: 'ToS Management', ja: '利用規約管理' },
        position: 130,
      },
    },
    {
      path: 'terms-of-service/create',
      name: 'termsOfServiceCreate',
      title: { en: 'Create Terms of Service', ja: '利用規約作成' },
    },
    {
      path: 'terms-of-service/edit',
      name: 'termsOfServiceEdit',
      title: { en: 'Edit Terms of Service', ja: '利用規約編集' },
    },
  ],
};

export default routes;
