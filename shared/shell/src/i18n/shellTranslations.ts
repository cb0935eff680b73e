/** Strings of the shell's own pieces (namespace 'shell'): modals, error sentences, language switch. */
const en = {
  language: {
    label: 'Language',
    en: 'English',
    ja: '日本語',
  },
  modal: {
    ok: 'OK',
    cancel: 'Cancel',
  },
  bulkUsers: {
    check: 'Check ids',
    ids: 'Player ids',
    idsHint: 'One per line, or separated by commas, semicolons or spaces. A header line (user_id, id) is skipped.',
    file: 'Or upload a CSV or TXT file',
    fileError: 'Could not read {{name}}. Save it as CSV or plain text and try again.',
    parsed: 'Parsed ids',
    valid: '{{count}} valid ids',
    duplicates: '{{count}} duplicates removed',
    invalid: '{{count}} invalid entries',
    invalidTitle: 'Invalid entries (left out)',
    invalidList: 'Invalid entries',
    line: 'Line {{line}}: {{value}}',
    more: 'and {{count}} more',
    checkFailed: 'Could not check the ids: {{message}}',
    checkFirst: 'Check the ids against the server before adding them.',
    allKnown: 'All ids are known players.',
    unknownTitle: '{{count}} unknown ids (left out)',
    unknownList: 'Unknown ids',
    willAdd: '{{count}} players will be added.',
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
    forbidden: 'Your account is not allowed to do this.',
    notFound: '{{message}}. It may have been deleted: reload the list.',
    notFoundDefault: 'Not found',
    conflict: 'Someone else changed this record in the meantime. Reload their version or keep yours.',
    validation: '{{message}}: correct the highlighted fields and save again.',
    validationDefault: 'Some fields are invalid',
    rateLimited: 'Too many attempts. Wait a minute and try again.',
    server: 'The server failed to handle this request. Try again; if it persists, report it.',
    unknown: 'Something went wrong. Try again.',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const ja: Shape<typeof en> = {
  language: {
    label: '言語',
    en: 'English',
    ja: '日本語',
  },
  modal: {
    ok: 'OK',
    cancel: 'キャンセル',
  },
  bulkUsers: {
    check: 'IDを確認',
    ids: 'プレイヤーID',
    idsHint: '1行に1つ、またはカンマ・セミコロン・空白で区切って入力します。見出し行（user_id、id）は読み飛ばします。',
    file: 'または CSV / TXT ファイルをアップロード',
    fileError: '{{name}} を読み込めませんでした。CSV またはテキスト形式で保存して、もう一度お試しください。',
    parsed: '読み取ったID',
    valid: '有効なID {{count}} 件',
    duplicates: '重複 {{count}} 件を除外',
    invalid: '無効な入力 {{count}} 件',
    invalidTitle: '無効な入力（除外）',
    invalidList: '無効な入力',
    line: '{{line}} 行目：{{value}}',
    more: 'ほか {{count}} 件',
    checkFailed: 'IDを確認できませんでした：{{message}}',
    checkFirst: '追加する前に、サーバーでIDを確認してください。',
    allKnown: 'すべて登録済みのプレイヤーです。',
    unknownTitle: '不明なID {{count}} 件（除外）',
    unknownList: '不明なID',
    willAdd: '{{count}} 人のプレイヤーを追加します。',
  },
  errors: {
    network: 'サーバーに接続できませんでした。接続を確認して、もう一度お試しください。',
    forbidden: 'このアカウントにはこの操作の権限がありません。',
    notFound: '{{message}}。削除された可能性があります。一覧を再読み込みしてください。',
    notFoundDefault: '見つかりません',
    conflict: 'この間に他の管理者がこのレコードを変更しました。相手の版を読み込むか、自分の変更を残してください。',
    validation: '{{message}}：強調表示された項目を修正して、もう一度保存してください。',
    validationDefault: '入力に誤りがあります',
    rateLimited: '試行回数が多すぎます。1分ほど待ってから、もう一度お試しください。',
    server: 'サーバーがこのリクエストを処理できませんでした。もう一度お試しください。続く場合は報告してください。',
    unknown: '問題が発生しました。もう一度お試しください。',
  },
};

export const shellTranslations = { en, ja };
