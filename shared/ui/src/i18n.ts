import i18next from 'i18next';

/**
 * The kit's strings, namespace 'ui'. The kit never imports the shell (the shell imports the
 * kit): it exports these resources, which the shell registers when it initialises i18next, and
 * reads the current language straight from the i18next singleton (`kitLanguage`). Components
 * use react-i18next's `useTranslation('ui')`, so they re-render when the language changes.
 */
const en = {
  table: {
    empty: 'No results',
    loading: ' (loading)',
    selectRow: 'Select row {{key}}',
    selectAll: 'Select all rows on this page',
    bulkActions: 'Bulk actions',
    selected: '{{count}} selected',
  },
  pagination: {
    label: 'Pagination',
    none: 'No results',
    range: '{{first}}–{{last}} of {{total}}',
    rowsPerPage: 'Rows per page',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}} of {{pageCount}}',
  },
  states: {
    emptyTitle: 'Nothing here yet',
    errorTitle: 'Could not load this',
    retry: 'Retry',
    loading: 'Loading…',
    notAvailableYet: '{{title}}: not available yet',
  },
  toasts: {
    region: 'Notifications',
    dismiss: 'Dismiss notification',
  },
  time: {
    window: '{{start}} – {{end}}',
    from: 'From {{start}}',
    until: 'Until {{end}}',
    noWindow: 'No window planned',
    saved: 'saved {{time}}',
    savedBy: 'saved {{time}} by {{by}}',
    zone: 'Times in {{zone}} ({{offset}}).',
  },
  conflict: {
    label: 'Edit conflict',
    title: 'Someone else saved this record while you were editing.',
    explain: 'Reload their version (your changes are dropped), or keep yours and save again to overwrite theirs.',
    reloadTheirs: 'Reload their version',
    keepMine: 'Keep mine',
  },
  search: { label: 'Search', submit: 'Search' },
  switch: { on: 'On', off: 'Off' },
  columns: { updated: 'Updated' },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const ja: Shape<typeof en> = {
  table: {
    empty: '該当するデータはありません',
    loading: '（読み込み中）',
    selectRow: '行 {{key}} を選択',
    selectAll: 'このページの行をすべて選択',
    bulkActions: '一括操作',
    selected: '{{count}} 件を選択中',
  },
  pagination: {
    label: 'ページ送り',
    none: '該当なし',
    range: '{{total}} 件中 {{first}}–{{last}} 件',
    rowsPerPage: '表示件数',
    previous: '前へ',
    next: '次へ',
    page: '{{page}} / {{pageCount}} ページ',
  },
  states: {
    emptyTitle: 'まだ何もありません',
    errorTitle: '読み込めませんでした',
    retry: '再試行',
    loading: '読み込み中…',
    notAvailableYet: '{{title}}：まだご利用いただけません',
  },
  toasts: {
    region: '通知',
    dismiss: '通知を閉じる',
  },
  time: {
    window: '{{start}} ～ {{end}}',
    from: '{{start}} から',
    until: '{{end}} まで',
    noWindow: '予定された期間はありません',
    saved: '{{time}} に保存',
    savedBy: '{{time}} に {{by}} が保存',
    zone: '時刻は {{zone}}（{{offset}}）です。',
  },
  conflict: {
    label: '編集の競合',
    title: '編集中に他の管理者がこのレコードを保存しました。',
    explain: '相手の版を読み込み直す（あなたの変更は破棄されます）か、あなたの変更を残して再度保存し、相手の版を上書きしてください。',
    reloadTheirs: '相手の版を読み込む',
    keepMine: '自分の変更を残す',
  },
  search: { label: '検索', submit: '検索' },
  switch: { on: 'オン', off: 'オフ' },
  columns: { updated: '更新' },
};

export const uiTranslations = { en, ja };

/** The console's language as the kit sees it ('en' until i18next is initialised). */
export function kitLanguage(): 'en' | 'ja' {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return language === 'ja' ? 'ja' : 'en';
}

/** A kit string outside React (formatters); components use useTranslation('ui'). */
export function kitT(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, { ns: 'ui', ...options });
}
