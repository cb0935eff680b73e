import type { RemoteRoutesDeclaration } from '@phoenix/contract';

/**
 * What the system remote serves under /admin: path, route name, title and sidebar entry, in English
 * and Japanese. Plain data: its build emits it as routes.json beside mf-manifest.json, and the host
 * builds its route table and sidebar from that file without running this remote's code. pages.ts
 * must have a page for every path here but the redirects (pages.test.tsx).
 */
const routes: RemoteRoutesDeclaration = {
  remote: 'system',
  routes: [
    {
      path: 'information',
      name: 'information',
      area: 'news',
      title: { en: 'Information Management', ja: 'お知らせ管理' },
      menu: {
        label: { en: 'Information Management', ja: 'お知らせ管理' },
        position: 60,
      },
    },
    {
      path: 'maintenance',
      name: 'maintenance',
      title: { en: 'Maintenance Status', ja: 'メンテナンス状況' },
      menu: {
        label: { en: 'Maintenance Status', ja: 'メンテナンス状況' },
        position: 150,
      },
    },
    {
      path: 'logs',
      name: 'logs',
      area: 'actionLogs',
      title: { en: 'Action Log Management', ja: '操作ログ管理' },
      menu: {
        label: { en: 'Action Log Management', ja: '操作ログ管理' },
        position: 160,
      },
    },
    {
      path: 'activeFlag',
      name: 'activeFlag',
      area: 'activeFlags',
      title: { en: 'Active Flag Management', ja: '有効フラグ管理' },
      menu: {
        label: { en: 'Active Flag Management', ja: '有効フラグ管理' },
        position: 170,
      },
    },
    {
      path: 'constantVariables',
      name: 'constantVariables',
      area: 'constantVariables',
      title: { en: 'ConstantVariable Management', ja: '定数管理' },
      menu: {
        label: { en: 'ConstantVariable Management', ja: '定数管理' },
        position: 140,
      },
    },
    {
      path: 'constantVariables/create',
      name: 'constantVariablesCreate',
      title: { en: 'Create Constant Variable', ja: '定数作成' },
    },
    {
      path: 'constantVariables/edit',
      name: 'constantVariablesEdit',
      title: { en: 'Edit Constant Variable', ja: '定数編集' },
    },
    {
      path: 'worldMessage',
      name: 'worldMessage',
      area: 'worldMessages',
      title: { en: 'World Message Management', ja: 'ワールドメッセージ管理' },
      menu: {
        label: { en: 'World Message Management', ja: 'ワールドメッセージ管理' },
        position: 220,
      },
    },
    {
      path: 'requests',
      name: 'changeRequests',
      title: { en: 'Change Requests', ja: '変更リクエスト' },
      // Not in the seed's sidebar: composed after its entries.
      menu: {
        label: { en: 'Change Requests', ja: '変更リクエスト' },
        position: 230,
      },
    },
  ],
};

export default routes;
