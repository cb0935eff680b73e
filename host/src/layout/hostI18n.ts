import { useCallback } from 'react';
import { registerTranslations, useTranslation } from '@phoenix/shell/src/boot';
import type { Translate } from '../signIn/signInServices';
import { authEn, authJa } from '../signIn/authStrings';
import type { Label } from './menu';

/**
 * The host's strings, namespace 'host'. Menu labels and page titles are not here: each remote
 * declares its own in both languages (remotes/<name>/src/areas.ts and locales), and a seed entry keeps the
 * seed's English label exactly (routes/composeRoutes.ts).
 */
const en = {
  appName: 'Phoenix Admin',
  navbar: {
    environment: 'Environment',
    expandSidebar: 'Expand sidebar',
    minimizeSidebar: 'Minimize sidebar',
    about: 'About / versions',
    security: 'Security',
    logout: 'Log out',
    requests: 'Requests',
    pendingRequests: 'Requests: {{count}} pending change requests',
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
      nextOn: 'Turns on by itself at {{at}}, in',
      nextOff: 'Turns off by itself at {{at}}, in',
      open: 'Open the maintenance status',
    },
    pointsMaintenance: {
      title: 'Points maintenance',
      on: 'ON: the points programme is paused',
      off: 'OFF: the points programme is open',
      unavailable: 'The points API did not answer.',
      open: 'Open points maintenance',
    },
    live: {
      title: 'Live now',
      battles: 'Battles in progress',
      requests: 'Change requests waiting',
      distributions: 'Distributions due or sending',
      distributionsList: 'Distributions due or sending, the next first',
      sending: 'sending: {{delivered}} of {{total}} players',
      due: 'due at {{at}}',
      progressOf: 'Progress of {{name}}',
    },
    figures: {
      activityTitle: 'Players and battles',
      pointsTitle: 'Points per day',
      notServed: 'This BFF does not send figures over time yet.',
      period: { 1: 'Today', 7: '7 days', 30: '30 days' },
      since: { 1: 'today', 7: 'in the last 7 days', 30: 'in the last 30 days' },
      window: { hour: '1 h', day: '24 h', week: '7 d' },
      windowSince: { hour: 'in the last hour', day: 'in the last 24 hours', week: 'in the last 7 days' },
      playersIn: 'Players active {{since}}',
      battlesIn: 'Battles started {{since}}',
      issuedIn: 'Points issued {{since}}',
      spentIn: 'Points spent {{since}}',
      playersPeriod: 'Players active over',
      battlesPeriod: 'Battles over',
      pointsPeriod: 'Points over',
      battlesPerDay: 'Battles started per day',
      todaySoFar: "UTC days; today's is the day so far.",
      battles: 'Battles',
      issuedPerDay: 'Points issued per day, by source',
      spentPerDay: 'Points spent per day, by sink',
      issued: 'Issued',
      spent: 'Spent',
      kinds: {
        taskReward: 'Task reward',
        purchase: 'Purchase',
        checkin: 'Check-in',
        referral: 'Referral',
        lootbox: 'Lootbox',
        lottery: 'Lottery',
        spin: 'Spin',
        adjustment: 'Adjustment',
        reversal: 'Reversal',
      },
    },
    recent: {
      title: 'Recent actions',
      empty: 'No actions recorded yet.',
      when: 'When',
      admin: 'Admin',
      action: 'Action',
      target: 'Target',
      open: 'Open the action log',
      table: 'Recent actions table (scrolls sideways on a narrow screen)',
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
    integrityTitle: "This module's files do not match its release",
    integrityBody:
      'The files the server sent for <strong>{{remote}}</strong> are not the release this environment pins (their checksum differs), so they were not run. Other pages keep working.',
    integrityNext:
      'Tell the release manager and the {{remote}} squad: the static files may have been altered, or the environment pins another release. Retry once the files or the pin are fixed.',
  },
  override: {
    banner: 'QA override: {{remote}} {{version}} instead of {{pinned}} in this browser',
    label: 'QA override in this browser',
    back: 'Back to the pin',
    backFailed: 'The override could not be ended: {{reason}}',
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

const ja: Shape<typeof en> = {
  appName: 'Phoenix Admin',
  navbar: {
    environment: '環境',
    expandSidebar: 'サイドバーを開く',
    minimizeSidebar: 'サイドバーを閉じる',
    about: 'バージョン情報',
    security: 'セキュリティ',
    logout: 'ログアウト',
    requests: 'リクエスト',
    pendingRequests: 'リクエスト: 承認待ちの変更リクエスト {{count}} 件',
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
      nextOn: '{{at}} に自動でオンになります。残り',
      nextOff: '{{at}} に自動でオフになります。残り',
      open: 'メンテナンス状況を開く',
    },
    pointsMaintenance: {
      title: 'ポイントのメンテナンス',
      on: 'オン：ポイント機能は停止中です',
      off: 'オフ：ポイント機能は利用できます',
      unavailable: 'ポイント API が応答しませんでした。',
      open: 'ポイントメンテナンスを開く',
    },
    live: {
      title: 'いまの状況',
      battles: '進行中のバトル',
      requests: '承認待ちの変更リクエスト',
      distributions: '配布予定・配布中',
      distributionsList: '配布予定・配布中（近い順）',
      sending: '配布中：{{total}} 人中 {{delivered}} 人',
      due: '{{at}} に配布予定',
      progressOf: '{{name}} の進捗',
    },
    figures: {
      activityTitle: 'プレイヤーとバトル',
      pointsTitle: '日別ポイント',
      notServed: 'このBFFは推移の数値をまだ返しません。',
      period: { 1: '今日', 7: '7日間', 30: '30日間' },
      since: { 1: '今日', 7: '過去7日間', 30: '過去30日間' },
      window: { hour: '1時間', day: '24時間', week: '7日' },
      windowSince: { hour: '過去1時間', day: '過去24時間', week: '過去7日間' },
      playersIn: '{{since}}のアクティブプレイヤー',
      battlesIn: '{{since}}に開始したバトル',
      issuedIn: '{{since}}に発行されたポイント',
      spentIn: '{{since}}に使われたポイント',
      playersPeriod: 'アクティブプレイヤーの期間',
      battlesPeriod: 'バトルの期間',
      pointsPeriod: 'ポイントの期間',
      battlesPerDay: '日別の開始バトル数',
      todaySoFar: 'UTCの日付。今日の値は現時点までです。',
      battles: 'バトル',
      issuedPerDay: '日別の発行ポイント（発行元別）',
      spentPerDay: '日別の使用ポイント（使用先別）',
      issued: '発行',
      spent: '使用',
      kinds: {
        taskReward: 'タスク報酬',
        purchase: '購入',
        checkin: 'チェックイン',
        referral: '紹介',
        lootbox: 'ルートボックス',
        lottery: 'くじ',
        spin: 'スピン',
        adjustment: '調整',
        reversal: '取り消し',
      },
    },
    recent: {
      title: '最近の操作',
      empty: '操作の記録はまだありません。',
      when: '日時',
      admin: '管理者',
      action: '操作',
      target: '対象',
      open: '操作ログを開く',
      table: '最近の操作の表（狭い画面では横にスクロール）',
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
    integrityTitle: 'このモジュールのファイルがリリースと一致しません',
    integrityBody:
      'サーバーが <strong>{{remote}}</strong> として送ったファイルは、この環境が指定するリリースのものではありません（チェックサムが異なります）。そのため実行していません。ほかのページは引き続き使えます。',
    integrityNext:
      'リリース担当者と {{remote}} の担当チームに連絡してください：静的ファイルが改ざんされたか、環境が別のリリースを指定している可能性があります。ファイルまたは指定が直ったら再試行してください。',
  },
  override: {
    banner: 'QA オーバーライド：このブラウザーでは {{remote}} {{pinned}} の代わりに {{version}} を使用中',
    label: 'このブラウザーの QA オーバーライド',
    back: 'ピン留めに戻す',
    backFailed: 'オーバーライドを終了できませんでした：{{reason}}',
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
};

registerTranslations('host', { en, ja });

/** The host's translations; importing this module registers them. */
export function useHostTranslation() {
  return useTranslation('host');
}

/** The host's strings as the shared sign-in pieces take them (signIn/signInServices.ts). */
export function useHostTranslate(): Translate {
  const { t } = useHostTranslation();
  return useCallback((key, values) => t(key, { ...values }), [t]);
}

/**
 * A menu label or page title in the console's language: the English one in English (the seed's
 * exactly, for a seed entry), else the Japanese one its remote declares, else the English one.
 */
export function useLabel(): (label: Label) => string {
  const { i18n } = useHostTranslation();
  return (label) => (i18n.resolvedLanguage === 'ja' ? (label.ja ?? label.en) : label.en);
}
