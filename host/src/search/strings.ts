import { registerTranslations } from '@phoenix/shell/src/boot';

/** Strings of "Find anything" (namespace 'findAnything'). Kinds of records are their areas' (routes.json `recordName`). */
registerTranslations('findAnything', {
  en: {
    open: 'Find anything',
    shortcut: 'Ctrl+K',
    title: 'Find anything',
    label: 'Page, player (id, name or wallet), present, policy, news…',
    results: 'Results',
    typeToSearch: 'Type a page name, an id, a name or a wallet address.',
    searching: 'Searching…',
    count_one: '{{count}} result',
    count_other: '{{count}} results',
    none: 'Nothing matches "{{q}}".',
    unavailable: 'Some areas did not answer: {{areas}}.',
    tooMany: 'Too many searches: try again in {{seconds}} s.',
    tooManyNoTime: 'Too many searches: try again in a minute.',
    hint: '↑ ↓ to move, Enter to open, Esc to close',
    close: 'Close',
    areas: {
      page: 'Page',
      points: 'points',
      console: 'console',
    },
  },
  ja: {
    open: '検索',
    shortcut: 'Ctrl+K',
    title: 'なんでも検索',
    label: 'ページ、プレイヤー（ID・名前・ウォレット）、プレゼント、ポリシー、お知らせ…',
    results: '検索結果',
    typeToSearch: 'ページ名、ID、名前、ウォレットアドレスを入力してください。',
    searching: '検索中…',
    count_one: '{{count}} 件',
    count_other: '{{count}} 件',
    none: '「{{q}}」に一致するものはありません。',
    unavailable: '応答しなかったエリアがあります：{{areas}}。',
    tooMany: '検索が多すぎます。{{seconds}} 秒後にもう一度お試しください。',
    tooManyNoTime: '検索が多すぎます。1 分ほどしてからもう一度お試しください。',
    hint: '↑ ↓ で移動、Enter で開く、Esc で閉じる',
    close: '閉じる',
    areas: {
      page: 'ページ',
      points: 'ポイント',
      console: 'コンソール',
    },
  },
});
