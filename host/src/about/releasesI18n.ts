import { registerTranslations, useTranslation } from '@phoenix/shell';

/**
 * The versions page's release strings (namespace 'releases'): registered by the page's own lazy chunk,
 * so the first paint's host strings (layout/hostI18n.ts) do not grow with them.
 */
const en = {
  title: 'Releases of this environment',
  loading: 'Reading the releases…',
  loadFailed: 'The releases could not be read: {{reason}}',
  pinsNotManaged:
    'This BFF does not manage the pins here (no environment file): figures only. Start, promote and abort canaries with scripts/env.mjs.',
  stable: 'Stable',
  canary: 'Canary',
  noCanary: 'no canary',
  notPinned: 'not pinned',
  audience: {
    percent: '{{percent}}% of admins',
    admins: 'admins {{ids}}',
    roles: 'roles {{roles}}',
    nobody: 'nobody yet',
    since: 'since {{at}}',
  },
  rollbackRule:
    "Aborted automatically when its share of sessions with errors is more than {{points}} points above stable's, once it has {{sessions}} sessions.",
  youRun: {
    stable: 'You run {{version}}: stable',
    'canary-percent': "You run {{version}}: in the canary's {{percent}}% of admins",
    'canary-admin': 'You run {{version}}: named in the canary',
    'canary-role': 'You run {{version}}: your role {{role}} is in the canary',
    override: 'You run {{version}}: QA override in this browser (the pin says {{pinned}})',
  },
  figures: '{{remote}}: sessions and errors per version',
  version: 'Version',
  sessions: 'Sessions',
  errors: 'Errors',
  erroredSessions: 'Sessions with errors',
  errorRate: 'Error rate',
  lastError: 'Last error',
  noError: 'none',
  lastErrorText: '{{kind}} on {{page}} at {{at}}: {{message}}',
  noFigures: 'No sessions reported yet.',
  kinds: {
    'load-failed': 'load failed',
    'render-error': 'render error',
    'unhandled-rejection': 'unhandled rejection',
  },
  history: '{{remote}}: pin history',
  noHistory: 'No pin changes yet.',
  historyLine: '{{at}} · {{action}} {{change}}',
  by: 'by {{by}}',
  because: 'reason: {{reason}}',
  actions: {
    set: 'set',
    rollback: 'rollback',
    canary: 'canary started',
    promote: 'promoted',
    abort: 'aborted',
    'auto-abort': 'aborted automatically',
  },
  promote: 'Promote {{remote}} {{version}}',
  abort: 'Abort {{remote}} {{version}}',
  promoteTitle: 'Promote {{remote}} {{version}} to stable?',
  promoteBody:
    'Every admin will load {{remote}} {{version}} (now {{audience}}) at their next navigation; {{stable}} is no longer served. Written to the pin history and the action log.',
  abortTitle: 'Abort the {{remote}} {{version}} canary?',
  abortBody:
    'Every admin will load {{remote}} {{stable}} again at their next navigation (now {{audience}} run {{version}}). Written to the pin history and the action log.',
  promoteOk: 'Promote',
  abortOk: 'Abort the canary',
  promoted: '{{remote}} {{version}} is now stable for every admin.',
  aborted: 'The {{remote}} {{version}} canary was aborted: every admin is back on {{stable}}.',
  decisionRefused: 'Refused',
  override: {
    title: 'QA override',
    intro:
      'Load another released version of one remote in this browser only. A banner names it on every page until you go back to the pin.',
    notAllowedHere: 'QA overrides are not allowed in this environment.',
    notAllowedRoles: 'QA overrides are allowed here to {{roles}}.',
    remote: 'Remote',
    version: 'Version',
    versionHint: 'A released version such as 1.5.0',
    submit: 'Load in this browser',
    checking: 'Checking the release…',
    refused: 'Override refused',
    invalidVersion: '{{version}} is not a released version (such as 1.5.0)',
    neverReleased: '{{remote}} {{version}} was never released',
    unreadable: '{{remote}} {{version}}: its build-info.json could not be read',
    incompatible: '{{remote}} {{version}} cannot run in this console: {{problems}}',
    noReleaseFolder: 'This environment does not serve {{remote}} from release folders: no other version can be loaded',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const ja: Shape<typeof en> = {
  title: 'この環境のリリース',
  loading: 'リリースを読み込み中…',
  loadFailed: 'リリースを読み込めませんでした：{{reason}}',
  pinsNotManaged:
    'この BFF はこの環境のピン留めを管理していません（環境ファイルなし）。数値のみ表示します。カナリアの開始・昇格・中止は scripts/env.mjs で行ってください。',
  stable: '安定版',
  canary: 'カナリア',
  noCanary: 'カナリアなし',
  notPinned: 'ピン留めなし',
  audience: {
    percent: '管理者の {{percent}}%',
    admins: '管理者 {{ids}}',
    roles: 'ロール {{roles}}',
    nobody: 'まだ対象者なし',
    since: '{{at}} から',
  },
  rollbackRule:
    'セッション数が {{sessions}} に達した後、エラーのあるセッションの割合が安定版より {{points}} ポイントを超えて高いと自動的に中止されます。',
  youRun: {
    stable: 'あなたは {{version}} を使用中：安定版',
    'canary-percent': 'あなたは {{version}} を使用中：カナリアの管理者 {{percent}}% に含まれています',
    'canary-admin': 'あなたは {{version}} を使用中：カナリアに名前が指定されています',
    'canary-role': 'あなたは {{version}} を使用中：あなたのロール {{role}} がカナリアの対象です',
    override: 'あなたは {{version}} を使用中：このブラウザーの QA オーバーライド（ピン留めは {{pinned}}）',
  },
  figures: '{{remote}}：バージョンごとのセッションとエラー',
  version: 'バージョン',
  sessions: 'セッション',
  errors: 'エラー',
  erroredSessions: 'エラーのあるセッション',
  errorRate: 'エラー率',
  lastError: '最後のエラー',
  noError: 'なし',
  lastErrorText: '{{at}} {{page}} で {{kind}}：{{message}}',
  noFigures: 'まだセッションの報告はありません。',
  kinds: {
    'load-failed': '読み込み失敗',
    'render-error': '描画エラー',
    'unhandled-rejection': '未処理の reject',
  },
  history: '{{remote}}：ピン留めの履歴',
  noHistory: 'ピン留めの変更はまだありません。',
  historyLine: '{{at}} · {{action}} {{change}}',
  by: '実行者 {{by}}',
  because: '理由：{{reason}}',
  actions: {
    set: '設定',
    rollback: 'ロールバック',
    canary: 'カナリア開始',
    promote: '昇格',
    abort: '中止',
    'auto-abort': '自動中止',
  },
  promote: '{{remote}} {{version}} を昇格',
  abort: '{{remote}} {{version}} を中止',
  promoteTitle: '{{remote}} {{version}} を安定版に昇格しますか？',
  promoteBody:
    'すべての管理者が次の画面遷移で {{remote}} {{version}} を読み込みます（現在は {{audience}}）。{{stable}} は配信されなくなります。ピン留めの履歴と操作ログに記録されます。',
  abortTitle: '{{remote}} {{version}} のカナリアを中止しますか？',
  abortBody:
    'すべての管理者が次の画面遷移で {{remote}} {{stable}} に戻ります（現在は {{audience}} が {{version}} を使用中）。ピン留めの履歴と操作ログに記録されます。',
  promoteOk: '昇格',
  abortOk: 'カナリアを中止',
  promoted: '{{remote}} {{version}} がすべての管理者の安定版になりました。',
  aborted: '{{remote}} {{version}} のカナリアを中止しました。すべての管理者が {{stable}} に戻ります。',
  decisionRefused: '拒否されました',
  override: {
    title: 'QA オーバーライド',
    intro:
      'リモート 1 つについて、リリース済みの別バージョンをこのブラウザーだけで読み込みます。ピン留めに戻すまで、すべてのページにバナーが表示されます。',
    notAllowedHere: 'この環境では QA オーバーライドは許可されていません。',
    notAllowedRoles: 'この環境で QA オーバーライドができるのは {{roles}} です。',
    remote: 'リモート',
    version: 'バージョン',
    versionHint: '1.5.0 のようなリリース済みバージョン',
    submit: 'このブラウザーで読み込む',
    checking: 'リリースを確認中…',
    refused: 'オーバーライドは拒否されました',
    invalidVersion: '{{version}} はリリースのバージョン（1.5.0 など）ではありません',
    neverReleased: '{{remote}} {{version}} はリリースされていません',
    unreadable: '{{remote}} {{version}}：build-info.json を読み込めませんでした',
    incompatible: '{{remote}} {{version}} はこのコンソールでは動作しません：{{problems}}',
    noReleaseFolder: 'この環境は {{remote}} をリリースフォルダーから配信していないため、別のバージョンは読み込めません',
  },
};

registerTranslations('releases', { en, ja });

export function useReleasesTranslation() {
  return useTranslation('releases');
}
