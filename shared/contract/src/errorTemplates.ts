/**
 * Reasons the services build from values (counts, ids, statuses), by key, with {placeholders}: the
 * API answers the English text as `message` (for API clients) and sends `messageKey` and
 * `messageParams` beside it, so the console renders the reason in its language with the same
 * values (`formatErrorTemplate`, errorMessages.ts). Fixed messages live in ERROR_MESSAGES (errorMessages.ts).
 *
 * A service builds one with `keyedMessage(key, params)` (its params are typed from the text);
 * errorMessages.test.ts fails on a 409 reason built from values without a key.
 */
export const ERROR_TEMPLATES = {
  unknown_remote_version: {
    en: '{remote} {version} is not a version this environment runs or ran: the report is refused',
    ja: '{remote} {version} はこの環境で使われている、または使われたバージョンではありません。レポートは受け付けられません',
  },
  qa_overrides_not_allowed: {
    en: 'QA overrides are not allowed to you here: {reason}',
    ja: 'ここでは QA オーバーライドを使えません：{reason}',
  },
  qa_overrides_need_one_of_these_roles: {
    en: 'QA overrides need one of these roles: {roles}',
    ja: 'QA オーバーライドには次のいずれかのロールが必要です：{roles}',
  },
  remote_is_not_pinned_here: {
    en: '{remote} is not pinned in this environment',
    ja: '{remote} はこの環境でピン留めされていません',
  },
  the_canary_is_now_current_not_confirmed: {
    en: 'The {remote} canary is now {current}, not {confirmed}: check the versions page and decide again',
    ja: '{remote} のカナリアは現在 {current} です（確認時は {confirmed}）。バージョンのページを確認して、もう一度決定してください',
  },
  no_canary_of_remote_runs_now: {
    en: 'No canary of {remote} runs now ({confirmed} was promoted, aborted or rolled back): check the versions page',
    ja: '{remote} のカナリアは現在ありません（{confirmed} は昇格、中止、または自動ロールバックされました）。バージョンのページを確認してください',
  },
  too_many_reports_try_again_in_n_seconds: {
    en: 'Too many error reports from this session: at most {max} a minute. Try again in {seconds} seconds.',
    ja: 'このセッションからのエラーレポートが多すぎます（1 分あたり {max} 件まで）。{seconds} 秒後にもう一度お試しください。',
  },
  the_count_changed_now_n: {
    en: 'The count changed: now {count}. Confirm again with the new count.',
    ja: '件数が変わりました。現在 {count} 件です。新しい件数でもう一度確定してください。',
  },
  the_count_changed_now_n_sessions_and_n_battles: {
    en: 'The count changed: now {sessions} sessions and {battles} battles. Confirm again with the new count.',
    ja: '件数が変わりました。現在セッション {sessions} 件、バトル {battles} 件です。新しい件数でもう一度確定してください。',
  },
  another_sign_out_run_was_made: {
    en: 'Another run was made at {ranAt} by {by}. Check the counts and confirm again.',
    ja: '{ranAt} に {by} が別の実行を行いました。件数を確認して、もう一度確定してください。',
  },
  this_distribution_is_status_only_a_scheduled_one_can_be_cancelled: {
    en: 'This distribution is {status}: only a scheduled one can be cancelled',
    ja: 'この配布は「{status}」です。取り消せるのは予約済みの配布だけです',
  },
  this_season_has_started_tier_n_can_no_longer_be_removed: {
    en: 'This season has started: tier {level} can no longer be removed',
    ja: 'このシーズンは開始済みです。ティア {level} は削除できません',
  },
  this_season_has_started_the_xp_of_tier_n_can_no_longer_change: {
    en: 'This season has started: the XP required for tier {level} can no longer change',
    ja: 'このシーズンは開始済みです。ティア {level} の必要 XP は変更できません',
  },
  this_request_is_already_status: {
    en: 'This request is already {status}',
    ja: 'このリクエストはすでに「{status}」です',
  },
  this_request_belongs_to_the_service: {
    en: 'This request belongs to the {service} service: decide it there',
    ja: 'このリクエストは {service} サービスのものです。そちらで承認または却下してください',
  },
  n_tickets_have_been_sold_the_round_can_no_longer_change: {
    en: '{tickets} tickets have been sold: the ticket price and the prizes can no longer change',
    ja: 'チケットが {tickets} 枚売れています。チケット価格と賞品は変更できません',
  },
  this_round_now_has_n_tickets_not_m: {
    en: 'This round now has {tickets} tickets, not {confirmed}: review the refund and confirm again',
    ja: 'このラウンドのチケットは現在 {tickets} 枚です（確認時は {confirmed} 枚）。返金内容を確認して、もう一度確定してください',
  },
  player_still_has_no_point_account_the_prize_stays_unpaid: {
    en: 'Player {player} still has no point account: the prize stays unpaid',
    ja: 'プレイヤー {player} にはまだポイントアカウントがないため、賞品は未払いのままです',
  },
  this_prize_was_paid_ledger_entry_n: {
    en: 'This prize was paid: ledger entry {entry}',
    ja: 'この賞品は支払い済みです：台帳エントリ {entry}',
  },
  the_operation_was_refused: {
    en: 'The operation was refused: {reason}',
    ja: '操作は拒否されました：{reason}',
  },
  removing_points_would_make_the_balance_negative: {
    en: 'The balance is {balance}: removing {amount} would make it negative',
    ja: '残高は {balance}です。{amount}を減らすと残高がマイナスになります',
  },
  reversing_this_entry_would_make_the_balance_negative: {
    en: 'The balance is {balance}: reversing this entry ({amount}) would make it negative',
    ja: '残高は {balance} です。このエントリ（{amount}）を取り消すと残高がマイナスになります',
  },
  too_many_searches_try_again_in_n_seconds: {
    en: 'Too many searches: at most {max} a minute. Try again in {seconds} seconds.',
    ja: '検索が多すぎます（1 分あたり {max} 回まで）。{seconds} 秒後にもう一度お試しください。',
  },
  too_many_exports_try_again_in_n_seconds: {
    en: 'Too many exports: at most {max} a minute. Try again in {seconds} seconds.',
    ja: 'エクスポートが多すぎます（1 分あたり {max} 回まで）。{seconds} 秒後にもう一度お試しください。',
  },
  n_exports_already_running_try_again_when_one_has_finished: {
    en: 'At most {max} of your exports run at once, and {max} are still running. Try again when one has finished.',
    ja: '同時に実行できるエクスポートは {max} 件までで、現在 {max} 件が実行中です。どれかが終わってからもう一度お試しください。',
  },
} as const satisfies Record<string, { en: string; ja: string }>;

export type ErrorTemplateKey = keyof typeof ERROR_TEMPLATES;

/** The {placeholders} of a text, as a union of their names. */
type PlaceholdersOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | PlaceholdersOf<Rest> : never;
export type ErrorTemplateParams<K extends ErrorTemplateKey> = Record<PlaceholdersOf<(typeof ERROR_TEMPLATES)[K]['en']>, string | number>;
export type ErrorMessageParams = Record<string, string | number>;

/** A message the client can render in its language: the English text, its key and its values. */
export interface KeyedMessage {
  readonly text: string;
  readonly key: ErrorTemplateKey;
  readonly params: ErrorMessageParams;
}

export function isErrorTemplateKey(key: string): key is ErrorTemplateKey {
  return Object.prototype.hasOwnProperty.call(ERROR_TEMPLATES, key);
}

/** A template's English text with its values in (formatErrorTemplate, errorMessages.ts, gives either language). */
export function englishOfTemplate(key: ErrorTemplateKey, params: ErrorMessageParams): string {
  return ERROR_TEMPLATES[key].en.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** A reason built from values, by key: its English text is what the API answers as `message`. */
export function keyedMessage<K extends ErrorTemplateKey>(key: K, params: ErrorTemplateParams<K>): KeyedMessage {
  return { text: englishOfTemplate(key, params), key, params };
}
