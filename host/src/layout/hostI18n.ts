import { useCallback } from 'react';
import { registerTranslations, useTranslation } from '@phoenix/shell';
import type { Translate } from '../auth/signInServices';
import { authEn, authJa } from '../auth/authStrings';

/**
 * The host's strings, namespace 'host'. Menu labels and page titles have no English entry on
 * purpose: in English the seed's labels (menu.ts, routeTable.ts) are shown exactly as they are;
 * only Japanese gives them its own words.
 */
const en = {
  appName: 'Phoenix Admin',
  navbar: {
    environment: 'Environment',
    expandSidebar: 'Expand sidebar',
    minimizeSidebar: 'Minimize sidebar',
    about: 'About / versions',
    logout: 'Log out',
  },
  layout: {
    skipToContent: 'Skip to content',
    dashboardTitle: 'Dashboard',
  },
  sidebar: {
    label: 'Main',
    close: 'Close sidebar',
  },
  auth: authEn,
  dashboard: {
    title: 'Dashboard',
    loading: 'Loading the dashboard…',
    loadFailed: 'The dashboard could not be loaded',
    maintenance: {
      title: 'Game maintenance',
      on: 'ON: players are kept out',
      off: 'OFF: players can sign in',
      window: 'Planned window: {{start}} – {{end}}',
      from: 'Planned from {{start}}',
      until: 'Planned until {{end}}',
      none: 'No window planned.',
      open: 'Open the maintenance status',
    },
    pointsMaintenance: {
      title: 'Points maintenance',
      on: 'ON: the points programme is paused',
      off: 'OFF: the points programme is open',
      unavailable: 'The points API did not answer.',
      open: 'Open points maintenance',
    },
    recent: {
      title: 'Recent actions',
      empty: 'No actions recorded yet.',
      when: 'When',
      admin: 'Admin',
      action: 'Action',
      target: 'Target',
      open: 'Open the action log',
    },
  },
  remote: {
    loading: 'Loading…',
    unavailableTitle: 'This page could not be loaded',
    unavailableBody:
      'The <strong>{{remote}}</strong> module is unavailable: its server did not answer or its code failed. Other pages keep working. Retry in a moment; if it persists, tell the {{remote}} squad.',
    details: 'Technical details',
    retry: 'Retry',
    incompatibleTitle: 'This module is not compatible with this console',
    incompatibleBody:
      'This environment pins <strong>{{remote}} {{version}}</strong>, which needs shell contract <strong>{{needs}}</strong>; this console provides shell <strong>{{provides}}</strong>. It was not loaded, and other pages keep working.',
    incompatibleNext:
      'Ask the release manager to pin a compatible {{remote}} version for this environment (or to roll it back), then reload the console.',
    reload: 'Reload the console',
  },
  about: {
    title: 'About / versions',
    description: 'Environment {{environment}}: the host and the remote versions it runs.',
    reading: 'Reading versions…',
    refresh: 'Refresh',
    loading: 'Loading…',
    table: 'Host and remote versions',
    module: 'Module',
    configured: 'Configured',
    release: 'Release',
    loaded: 'Loaded in this page',
    contract: 'Shell contract',
    status: 'Status',
    unknown: 'unknown',
    running: 'running',
    provides: 'provides {{version}}',
    needs: 'needs {{range}}',
    notLoaded: 'not loaded yet',
    compatible: 'compatible',
    incompatible: 'not compatible',
    entries: 'Remote entries:',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const ja: Shape<typeof en> & { menu: Record<string, string>; routes: Record<string, string> } = {
  appName: 'Phoenix Admin',
  navbar: {
    environment: '環境',
    expandSidebar: 'サイドバーを開く',
    minimizeSidebar: 'サイドバーを閉じる',
    about: 'バージョン情報',
    logout: 'ログアウト',
  },
  layout: {
    skipToContent: '本文へ移動',
    dashboardTitle: 'ダッシュボード',
  },
  sidebar: {
    label: 'メイン',
    close: 'サイドバーを閉じる',
  },
  auth: authJa,
  dashboard: {
    title: 'ダッシュボード',
    loading: 'ダッシュボードを読み込み中…',
    loadFailed: 'ダッシュボードを読み込めませんでした',
    maintenance: {
      title: 'ゲームのメンテナンス',
      on: 'オン：プレイヤーはログインできません',
      off: 'オフ：プレイヤーはログインできます',
      window: '予定期間：{{start}} ～ {{end}}',
      from: '{{start}} から予定',
      until: '{{end}} まで予定',
      none: '予定された期間はありません。',
      open: 'メンテナンス状況を開く',
    },
    pointsMaintenance: {
      title: 'ポイントのメンテナンス',
      on: 'オン：ポイント機能は停止中です',
      off: 'オフ：ポイント機能は利用できます',
      unavailable: 'ポイント API が応答しませんでした。',
      open: 'ポイントメンテナンスを開く',
    },
    recent: {
      title: '最近の操作',
      empty: '操作の記録はまだありません。',
      when: '日時',
      admin: '管理者',
      action: '操作',
      target: '対象',
      open: '操作ログを開く',
    },
  },
  remote: {
    loading: '読み込み中…',
    unavailableTitle: 'このページを読み込めませんでした',
    unavailableBody:
      '<strong>{{remote}}</strong> モジュールを利用できません：サーバーが応答しないか、コードの実行に失敗しました。ほかのページは引き続き使えます。少し待ってから再試行し、続く場合は {{remote}} の担当チームに連絡してください。',
    details: '技術的な詳細',
    retry: '再試行',
    incompatibleTitle: 'このモジュールはこのコンソールと互換性がありません',
    incompatibleBody:
      'この環境は <strong>{{remote}} {{version}}</strong> を指定していますが、これはシェル契約 <strong>{{needs}}</strong> を必要とします。このコンソールが提供するシェルは <strong>{{provides}}</strong> です。読み込みは行わず、ほかのページは引き続き使えます。',
    incompatibleNext:
      'リリース担当者に、この環境で互換性のある {{remote}} のバージョンを指定する（またはロールバックする）よう依頼し、コンソールを再読み込みしてください。',
    reload: 'コンソールを再読み込み',
  },
  about: {
    title: 'バージョン情報',
    description: '環境 {{environment}}：ホストと各リモートのバージョン',
    reading: 'バージョンを読み込み中…',
    refresh: '更新',
    loading: '読み込み中…',
    table: 'ホストとリモートのバージョン',
    module: 'モジュール',
    configured: '設定',
    release: 'リリース',
    loaded: 'このページで読み込み済み',
    contract: 'シェル契約',
    status: '状態',
    unknown: '不明',
    running: '実行中',
    provides: '{{version}} を提供',
    needs: '{{range}} が必要',
    notLoaded: '未読み込み',
    compatible: '互換',
    incompatible: '非互換',
    entries: 'リモートのエントリー：',
  },
  // Keyed by menu target (relative to /admin); the group by menuKey() in menu.ts.
  menu: {
    management: '管理者管理',
    battle: 'バトル管理',
    present: 'プレゼント管理',
    'present/distribution': 'プレゼント配布',
    shop: 'ショップ管理',
    information: 'お知らせ管理',
    health: 'ヘルス管理',
    cooldown: 'クールダウン管理',
    treasureChest: '宝箱管理',
    seasonPass: 'シーズンパス管理',
    user: 'ユーザー管理',
    policies: 'ポリシー管理',
    'terms-of-service': '利用規約管理',
    constantVariables: '定数管理',
    maintenance: 'メンテナンス状況',
    logs: '操作ログ管理',
    activeFlag: '有効フラグ管理',
    energy: 'エネルギー管理',
    'group-points': 'ポイント管理',
    'points/tasks': 'タスク管理',
    'points/users': 'ポイントユーザー管理',
    'points-lootbox': 'ルートボックス設定',
    'points/staking': 'ステーキング設定',
    'points-lottery': '抽選設定',
    'points-spin': 'スピン設定',
    'points-daily-checkin': 'デイリーチェックイン設定',
    'points-referral': '紹介設定',
    'points/maintenance': 'メンテナンス',
    doubleupSeasonHistory: 'ダブルアップシーズン履歴管理',
    logoutAndBattleForceEnd: 'ログアウト・バトル強制終了管理',
    worldMessage: 'ワールドメッセージ管理',
  },
  // Page titles (document title), keyed by route name.
  routes: {
    management: '管理者管理',
    battle: 'バトル管理',
    forceEndMente: 'バトル強制終了（メンテナンス）',
    present: 'プレゼント管理',
    presentCreate: 'プレゼント作成',
    presentEdit: 'プレゼント編集',
    presentDistribution: 'プレゼント配布',
    shop: 'ショップ管理',
    shopEdit: 'ショップ商品編集',
    user: 'ユーザー管理',
    userRestrictApis: 'プレイヤーの制限API',
    information: 'お知らせ管理',
    health: 'ヘルス管理',
    maintenance: 'メンテナンス状況',
    logs: '操作ログ管理',
    policies: 'ポリシー管理',
    policiesCreate: 'ポリシー作成',
    policiesEdit: 'ポリシー編集',
    policiesUsersInPolicy: 'ポリシー対象ユーザー',
    policiesRestrictApis: 'ポリシーの制限API',
    cooldown: 'クールダウン管理',
    termsOfService: '利用規約管理',
    termsOfServiceCreate: '利用規約作成',
    termsOfServiceEdit: '利用規約編集',
    treasureChest: '宝箱管理',
    energy: 'エネルギー管理',
    seasonPass: 'シーズンパス管理',
    activeFlag: '有効フラグ管理',
    constantVariables: '定数管理',
    constantVariablesCreate: '定数作成',
    constantVariablesEdit: '定数編集',
    doubleupSeasonHistory: 'ダブルアップシーズン履歴管理',
    logoutAndBattleForceEnd: 'ログアウト・バトル強制終了管理',
    worldMessage: 'ワールドメッセージ管理',
    points: 'ポイント管理',
    pointsTasks: 'タスク管理',
    pointsUsers: 'ポイントユーザー管理',
    pointsStaking: 'ステーキング設定',
    pointsMaintenance: 'ポイントメンテナンス',
    pointsLottery: '抽選設定',
    pointsSpin: 'スピン設定',
    pointsReferral: '紹介設定',
    pointsLootbox: 'ルートボックス設定',
    pointsDailyCheckin: 'デイリーチェックイン設定',
  },
};

registerTranslations('host', { en, ja });

/** The host's translations; importing this module registers them. */
export function useHostTranslation() {
  return useTranslation('host');
}

/** The host's strings as the shared sign-in pieces take them (auth/signInServices.ts). */
export function useHostTranslate(): Translate {
  const { t } = useHostTranslation();
  return useCallback((key, values) => t(key, { ...values }), [t]);
}

/**
 * A seed label (menu entry, page title) in the console's language: in English exactly the
 * seed's text, in Japanese the `host:<section>.<key>` entry (the seed's text if there is none).
 */
export function useSeedLabel(): (section: 'menu' | 'routes', key: string, seedLabel: string) => string {
  const { t, i18n } = useHostTranslation();
  return (section, key, seedLabel) => (i18n.resolvedLanguage === 'en' ? seedLabel : t(`${section}.${key}`, { defaultValue: seedLabel }));
}
