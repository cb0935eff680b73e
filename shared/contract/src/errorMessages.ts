import { ERROR_TEMPLATES, englishOfTemplate, type ErrorMessageParams, type ErrorTemplateKey } from './errorTemplates';

/**
 * The validation and conflict messages the contract's schemas and the services give, by message
 * key, in English (the text the schema holds, which the API still answers) and Japanese. The API
 * sends each field error's key beside its English text (`fieldErrorKeys`), and the console shows
 * the text of its language (`localizeErrorMessage`), so the Japanese console shows no English
 * error. Messages built from values (limits, id lists) are matched by `ERROR_PATTERNS`; reasons the
 * services build from values are sent by key with their values (`ERROR_TEMPLATES`, errorTemplates.ts).
 *
 * A new message in a schema needs its entry here: contractErrorMessages.test.ts fails otherwise.
 */
export const ERROR_MESSAGES = {
  pins_are_not_managed_here: {
    en: "This environment's pins are not managed here: the BFF has no PHOENIX_ENVIRONMENT_FILE",
    ja: 'この環境のピンはここでは管理されていません（BFF に PHOENIX_ENVIRONMENT_FILE が設定されていません）',
  },
  a_report_is_at_most_16_kb: { en: 'A report is at most 16 KB', ja: 'レポートは 16 KB までです' },
  qa_overrides_are_off_in_this_environment: {
    en: 'QA overrides are off in this environment',
    ja: 'この環境では QA オーバーライドは無効です',
  },
  this_environment_sends_new_passwords_only_by_email: {
    en: 'This environment sends new passwords only by email, and no mail server is configured (SMTP_URL)',
    ja: 'この環境では新しいパスワードはメールでのみ送られますが、メールサーバーが設定されていません（SMTP_URL）',
  },
  say_why_this_change_is_needed: { en: 'Say why this change is needed', ja: 'この変更が必要な理由を入力してください' },
  at_most_500_characters: { en: 'At most 500 characters', ja: '500 文字以内です' },
  a_date_and_time: { en: 'A date and time', ja: '日時を入力してください' },
  no_such_distribution: { en: 'No such distribution', ja: 'その配布はありません' },
  type_something_to_search_for: { en: 'Type something to search for', ja: '検索する文字を入力してください' },
  enter_a_date_and_time_with_a_time_zone: { en: 'Enter a date and time with a time zone', ja: 'タイムゾーン付きの日時を入力してください' },
  enter_a_number: { en: 'Enter a number', ja: '数値を入力してください' },
  enter_true_or_false: { en: 'Enter true or false', ja: 'true か false を入力してください' },
  enter_valid_json: { en: 'Enter valid JSON', ja: '正しい JSON を入力してください' },
  only_a_scheduled_message_can_be_cancelled: {
    en: 'Only a scheduled message can be cancelled',
    ja: '取り消せるのは予定中のメッセージだけです',
  },
  only_a_scheduled_or_showing_message_can_be_edited: {
    en: 'Only a scheduled or showing message can be edited',
    ja: '編集できるのは予定中または表示中のメッセージだけです',
  },
  this_message_has_already_ended: { en: 'This message has already ended', ja: 'このメッセージはすでに終了しています' },
  this_message_has_not_started_yet_cancel_it_instead: {
    en: 'This message has not started yet: cancel it instead',
    ja: 'このメッセージはまだ開始していません。代わりに取り消してください',
  },
  this_message_was_cancelled_and_never_shown: {
    en: 'This message was cancelled and never shown',
    ja: 'このメッセージは取り消され、表示されませんでした',
  },
  a_value_is_out_of_range_or_not_allowed: { en: 'A value is out of range or not allowed', ja: '範囲外または許可されていない値があります' },
  a_daily_task_needs_its_reset_time_hh_mm_utc: {
    en: 'A daily task needs its reset time (HH:MM, UTC)',
    ja: 'デイリータスクにはリセット時刻（HH:MM、UTC）が必要です',
  },
  a_reason_is_at_most_500_characters: { en: 'A reason is at most 500 characters', ja: '理由は 500 文字以内です' },
  a_reason_is_required: { en: 'A reason is required', ja: '理由を入力してください' },
  a_task_rewards_at_least_1_point: { en: 'A task rewards at least 1 point', ja: 'タスクの報酬は 1 ポイント以上です' },
  a_transaction_hash_is_0x_and_64_hex_digits: {
    en: 'A transaction hash is 0x and 64 hex digits',
    ja: 'トランザクションハッシュは 0x と 16 進数 64 桁です',
  },
  a_whole_number_of_at_most_78_digits: { en: 'A whole number of at most 78 digits', ja: '78 桁以内の整数を入力してください' },
  add_at_least_one_drop: { en: 'Add at least one drop', ja: 'ドロップを 1 つ以上追加してください' },
  add_at_least_one_item: { en: 'Add at least one item', ja: 'アイテムを 1 つ以上追加してください' },
  add_at_least_one_player_id: { en: 'Add at least one player id', ja: 'プレイヤー ID を 1 つ以上追加してください' },
  add_at_least_one_prize: { en: 'Add at least one prize', ja: '賞品を 1 つ以上追加してください' },
  add_at_least_one_reward: { en: 'Add at least one reward', ja: '報酬を 1 つ以上追加してください' },
  add_at_least_one_tier: { en: 'Add at least one tier', ja: 'ティアを 1 つ以上追加してください' },
  add_the_wheel_segments: { en: 'Add the wheel segments', ja: 'ホイールのセグメントを追加してください' },
  an_address_is_0x_and_40_hex_digits: { en: 'An address is 0x and 40 hex digits', ja: 'アドレスは 0x と 16 進数 40 桁です' },
  an_adjustment_adds_or_removes_at_least_1_point: {
    en: 'An adjustment adds or removes at least 1 point',
    ja: '調整は 1 ポイント以上の加算または減算です',
  },
  an_api_is_listed_twice: { en: 'An API is listed twice', ja: '同じ API が 2 回指定されています' },
  at_least_0: { en: 'At least 0', ja: '0 以上です' },
  at_least_1: { en: 'At least 1', ja: '1 以上です' },
  at_least_1_basis_point_0_01: { en: 'At least 1 basis point (0.01%)', ja: '1 ベーシスポイント（0.01%）以上です' },
  at_most_10000_100: { en: 'At most 10000 (100%)', ja: '10000（100%）以下です' },
  at_most_1_000_000_000: { en: 'At most 1,000,000,000', ja: '1,000,000,000 以下です' },
  at_most_1_000_000_000_points: { en: 'At most 1,000,000,000 points', ja: '1,000,000,000 ポイント以下です' },
  basis_points_are_whole_numbers_100_1: { en: 'Basis points are whole numbers (100 = 1%)', ja: 'ベーシスポイントは整数です（100 = 1%）' },
  body_is_at_most_100_000_characters: { en: 'Body is at most 100,000 characters', ja: '本文は 100,000 文字以内です' },
  body_is_at_most_20_000_characters: { en: 'Body is at most 20,000 characters', ja: '本文は 20,000 文字以内です' },
  body_is_required: { en: 'Body is required', ja: '本文を入力してください' },
  choose_a_password_other_than_the_one_time_password: {
    en: 'Choose a password other than the one-time password',
    ja: 'ワンタイムパスワードとは別のパスワードを選んでください',
  },
  confirm_the_number_of_players_who_will_receive_it: {
    en: 'Confirm the number of players who will receive it',
    ja: '受け取るプレイヤー数を確認してください',
  },
  confirm_the_number_of_recipients: { en: 'Confirm the number of recipients', ja: '受取人数を確認してください' },
  cooldown: { en: 'Cooldown', ja: 'クールダウン' },
  cost_per_battle: { en: 'Cost per battle', ja: 'バトルごとの消費' },
  cost_per_battle_cannot_exceed_max_energy: {
    en: 'Cost per battle cannot exceed max energy',
    ja: 'バトルごとの消費は最大エネルギーを超えられません',
  },
  description_is_at_most_1_000_characters: { en: 'Description is at most 1,000 characters', ja: '説明は 1,000 文字以内です' },
  description_is_at_most_500_characters: { en: 'Description is at most 500 characters', ja: '説明は 500 文字以内です' },
  description_is_text: { en: 'Description is text', ja: '説明はテキストです' },
  display_end_must_be_after_display_start: { en: 'Display end must be after display start', ja: '表示終了は表示開始より後にしてください' },
  each_action_once: { en: 'Each action once', ja: '各アクションは 1 回だけです' },
  each_rank_appears_once: { en: 'Each rank appears once', ja: '各順位は 1 回だけです' },
  email_is_at_most_254_characters: { en: 'Email is at most 254 characters', ja: 'メールアドレスは 254 文字以内です' },
  email_is_required: { en: 'Email is required', ja: 'メールアドレスを入力してください' },
  enabled_is_true_or_false: { en: 'Enabled is true or false', ja: '有効は true か false です' },
  enter_a_cost: { en: 'Enter a cost', ja: 'コストを入力してください' },
  enter_a_count: { en: 'Enter a count', ja: '数を入力してください' },
  enter_a_date_between_the_years_1900_and_9999: {
    en: 'Enter a date between the years 1900 and 9999',
    ja: '1900 年から 9999 年までの日付を入力してください',
  },
  enter_a_level: { en: 'Enter a level', ja: 'レベルを入力してください' },
  enter_a_number_of_points: { en: 'Enter a number of points', ja: 'ポイント数を入力してください' },
  enter_a_number_of_spins: { en: 'Enter a number of spins', ja: 'スピン数を入力してください' },
  enter_a_player_id: { en: 'Enter a player id', ja: 'プレイヤー ID を入力してください' },
  enter_a_price: { en: 'Enter a price', ja: '価格を入力してください' },
  enter_a_probability: { en: 'Enter a probability', ja: '確率を入力してください' },
  enter_a_quantity: { en: 'Enter a quantity', ja: '数量を入力してください' },
  enter_a_rank: { en: 'Enter a rank', ja: '順位を入力してください' },
  enter_a_stock_or_pick_unlimited: { en: 'Enter a stock or pick unlimited', ja: '在庫数を入力するか、無制限を選んでください' },
  enter_a_valid_email_address: { en: 'Enter a valid email address', ja: '有効なメールアドレスを入力してください' },
  enter_a_weight: { en: 'Enter a weight', ja: '重みを入力してください' },
  enter_an_amount: { en: 'Enter an amount', ja: '金額を入力してください' },
  enter_an_https_link: { en: 'Enter an https:// link', ja: 'https:// のリンクを入力してください' },
  enter_an_item_id: { en: 'Enter an item id', ja: 'アイテム ID を入力してください' },
  enter_the_xp_required: { en: 'Enter the XP required', ja: '必要な XP を入力してください' },
  expected_number_received_nan: { en: 'Expected number, received nan', ja: '数値を入力してください' },
  give_a_reason: { en: 'Give a reason', ja: '理由を入力してください' },
  hh_mm: { en: 'HH:MM', ja: 'HH:MM' },
  key_is_at_most_100_characters: { en: 'Key is at most 100 characters', ja: 'キーは 100 文字以内です' },
  key_is_required: { en: 'Key is required', ja: 'キーを入力してください' },
  key_starts_with_a_letter_and_holds_letters_digits: {
    en: 'Key starts with a letter and holds letters, digits, _ . -',
    ja: 'キーは英字で始まり、英数字と _ . - のみ使えます',
  },
  levels_are_whole_numbers: { en: 'Levels are whole numbers', ja: 'レベルは整数です' },
  levels_go_up_from_one_tier_to_the_next: {
    en: 'Levels go up from one tier to the next',
    ja: 'レベルはティアごとに上がっていく必要があります',
  },
  link_is_at_most_2_000_characters: { en: 'Link is at most 2,000 characters', ja: 'リンクは 2,000 文字以内です' },
  max_energy: { en: 'Max energy', ja: '最大エネルギー' },
  max_health: { en: 'Max health', ja: '最大体力' },
  message_is_at_most_1_000_characters: { en: 'Message is at most 1,000 characters', ja: 'メッセージは 1,000 文字以内です' },
  message_is_at_most_500_characters: { en: 'Message is at most 500 characters', ja: 'メッセージは 500 文字以内です' },
  message_is_required: { en: 'Message is required', ja: 'メッセージを入力してください' },
  move_up_or_down: { en: 'Move up or down', ja: '上げるか下げるかを選んでください' },
  name_is_at_most_100_characters: { en: 'Name is at most 100 characters', ja: '名前は 100 文字以内です' },
  name_is_required: { en: 'Name is required', ja: '名前を入力してください' },
  no_such_id: { en: 'No such id', ja: 'その ID はありません' },
  no_such_player_id: { en: 'No such player id', ja: 'そのプレイヤー ID はありません' },
  one_reward_for_each_of_the_7_streak_days: {
    en: 'One reward for each of the 7 streak days',
    ja: '連続 7 日間の各日に報酬を 1 つずつ設定してください',
  },
  one_reward_per_streak_day: { en: 'One reward per streak day', ja: '連続日数ごとに報酬は 1 つです' },
  only_a_daily_task_recurs: { en: 'Only a daily task recurs', ja: '繰り返すのはデイリータスクだけです' },
  password_is_required: { en: 'Password is required', ja: 'パスワードを入力してください' },
  pick_a_category: { en: 'Pick a category', ja: 'カテゴリを選んでください' },
  pick_a_currency: { en: 'Pick a currency', ja: '通貨を選んでください' },
  pick_a_game_action: { en: 'Pick a game action', ja: 'ゲームアクションを選んでください' },
  pick_a_present: { en: 'Pick a present', ja: 'プレゼントを選んでください' },
  pick_a_rarity: { en: 'Pick a rarity', ja: 'レアリティを選んでください' },
  pick_a_role: { en: 'Pick a role', ja: 'ロールを選んでください' },
  pick_roles_from_the_list: { en: 'Pick roles from the list', ja: '一覧からロールを選んでください' },
  pick_at_least_one_role: { en: 'Pick at least one role', ja: 'ロールを1つ以上選んでください' },
  pick_each_role_once: { en: 'Pick each role once', ja: '同じロールは1回だけ選んでください' },
  no_such_session: { en: 'No such session', ja: 'そのセッションはありません' },
  enter_your_current_password: { en: 'Enter your current password', ja: '現在のパスワードを入力してください' },
  choose_a_password_other_than_the_current_one: {
    en: 'Choose a password other than the current one',
    ja: '現在のものとは別のパスワードを選んでください',
  },
  enter_the_code: { en: 'Enter the code', ja: 'コードを入力してください' },
  that_is_not_a_code: { en: 'That is not a code', ja: 'コードではありません' },
  give_it_a_name: { en: 'Give it a name', ja: '名前を入力してください' },
  use_at_most_60_characters: { en: 'Use at most 60 characters', ja: '60 文字以内で入力してください' },
  enter_the_6_digit_code_from_the_app: { en: 'Enter the 6-digit code from the app', ja: 'アプリの 6 桁のコードを入力してください' },
  this_is_the_session_you_are_using_sign_out_instead: {
    en: 'This is the session you are using: sign out instead',
    ja: '使用中のセッションです。代わりにサインアウトしてください',
  },
  no_such_open_session_it_may_have_ended_already: {
    en: 'No such open session: it may have ended already',
    ja: '開いているセッションはありません。すでに終了している可能性があります',
  },
  this_is_not_your_current_password: { en: 'This is not your current password', ja: '現在のパスワードではありません' },
  your_password_changed_meanwhile_enter_the_new_one: {
    en: 'Your password changed meanwhile: enter the new one',
    ja: 'その間にパスワードが変更されました。新しいパスワードを入力してください',
  },
  this_enrolment_was_started_in_another_session_start_again_here: {
    en: 'This enrolment was started in another session: start again here',
    ja: 'この登録は別のセッションで開始されました。ここでやり直してください',
  },
  that_code_is_not_the_one_the_app_shows_now_try_the_next_one: {
    en: 'That code is not the one the app shows now: try the next one',
    ja: 'アプリに現在表示されているコードではありません。次のコードを試してください',
  },
  no_enrolment_in_progress_start_again: { en: 'No enrolment in progress: start again', ja: '進行中の登録はありません。やり直してください' },
  no_such_factor: { en: 'No such factor', ja: 'その要素はありません' },
  a_second_factor_is_required_add_another_before_removing_this_one: {
    en: 'A second factor is required: add another before removing this one',
    ja: '二要素認証は必須です。削除する前に別の要素を追加してください',
  },
  add_a_second_factor_first_recovery_codes_stand_in_for_one: {
    en: 'Add a second factor first: recovery codes stand in for one',
    ja: '先に二要素認証を追加してください。リカバリーコードはその代わりに使うものです',
  },
  that_code_did_not_work_enter_the_current_one: {
    en: 'That code did not work: enter the current one',
    ja: 'コードが正しくありません。現在のコードを入力してください',
  },
  this_passkey_request_expired_or_was_already_used_start_again: {
    en: 'This passkey request expired or was already used: start again',
    ja: 'このパスキーの要求は期限切れか使用済みです。やり直してください',
  },
  this_passkey_answer_comes_from_another_site_use_the_console_at_its_usual_address: {
    en: 'This passkey answer comes from another site: use the console at its usual address',
    ja: 'このパスキーの応答は別のサイトからのものです。いつものアドレスのコンソールを使ってください',
  },
  this_passkey_is_not_one_of_yours_use_one_you_added_on_the_security_page: {
    en: 'This passkey is not one of yours: use one you added on the Security page',
    ja: 'このパスキーはあなたのものではありません。セキュリティページで追加したパスキーを使ってください',
  },
  the_counter_of_this_passkey_went_back_it_may_have_been_copied_use_another_factor: {
    en: 'The counter of this passkey went back: it may have been copied, use another factor',
    ja: 'このパスキーのカウンターが戻りました。複製された可能性があります。別の要素を使ってください',
  },
  the_passkey_answer_could_not_be_verified_try_again: {
    en: 'The passkey answer could not be verified: try again',
    ja: 'パスキーの応答を検証できませんでした。もう一度試してください',
  },
  no_passkey_on_this_account_use_a_code: {
    en: 'No passkey on this account: use a code',
    ja: 'このアカウントにパスキーはありません。コードを使ってください',
  },
  change_your_own_factors_on_your_security_page: {
    en: 'Change your own factors on your Security page',
    ja: '自分の要素はセキュリティページで変更してください',
  },
  pick_a_status: { en: 'Pick a status', ja: 'ステータスを選んでください' },
  pick_a_time_in_the_future_or_send_it_now: {
    en: 'Pick a time in the future, or send it now',
    ja: '未来の時刻を選ぶか、今すぐ送信してください',
  },
  pick_a_type: { en: 'Pick a type', ja: '種類を選んでください' },
  pick_active_or_disabled: { en: 'Pick active or disabled', ja: '有効か無効かを選んでください' },
  pick_active_scheduled_or_ended: { en: 'Pick active, scheduled or ended', ja: '有効・予定・終了のいずれかを選んでください' },
  pick_all_players_or_a_list_of_ids: { en: 'Pick all players or a list of ids', ja: '全プレイヤーか ID リストかを選んでください' },
  pick_an_activity: { en: 'Pick an activity', ja: 'アクティビティを選んでください' },
  pick_an_api: { en: 'Pick an API', ja: 'API を選んでください' },
  pick_an_item: { en: 'Pick an item', ja: 'アイテムを選んでください' },
  pick_an_item_kind: { en: 'Pick an item kind', ja: 'アイテムの種類を選んでください' },
  pick_coin_gem_or_points: { en: 'Pick coin, gem or points', ja: 'コイン・ジェム・ポイントのいずれかを選んでください' },
  pick_draft_scheduled_current_or_superseded: {
    en: 'Pick draft, scheduled, current or superseded',
    ja: '下書き・予定・現行・置き換え済みのいずれかを選んでください',
  },
  pick_info_warning_or_critical: { en: 'Pick info, warning or critical', ja: '情報・警告・重大のいずれかを選んでください' },
  pick_item_or_points: { en: 'Pick item or points', ja: 'アイテムかポイントかを選んでください' },
  pick_ongoing_finished_or_force_ended: {
    en: 'Pick ongoing, finished or force-ended',
    ja: '進行中・終了・強制終了のいずれかを選んでください',
  },
  pick_ranked_casual_tournament_or_friendly: {
    en: 'Pick ranked, casual, tournament or friendly',
    ja: 'ランク・カジュアル・トーナメント・フレンドリーのいずれかを選んでください',
  },
  pick_scheduled_published_or_expired: {
    en: 'Pick scheduled, published or expired',
    ja: '予定・公開中・期限切れのいずれかを選んでください',
  },
  pick_scheduled_showing_ended_or_cancelled: {
    en: 'Pick scheduled, showing, ended or cancelled',
    ja: '予定・表示中・終了・取り消しのいずれかを選んでください',
  },
  pick_social_daily_or_on_chain: {
    en: 'Pick social, daily or on-chain',
    ja: 'ソーシャル・デイリー・オンチェーンのいずれかを選んでください',
  },
  pick_upcoming_active_or_ended: { en: 'Pick upcoming, active or ended', ja: '開始前・開催中・終了のいずれかを選んでください' },
  pick_upcoming_claimable_or_ended: { en: 'Pick upcoming, claimable or ended', ja: '開始前・受け取り可能・終了のいずれかを選んでください' },
  pinned_is_true_or_false: { en: 'Pinned is true or false', ja: '固定は true か false です' },
  the_window_has_already_ended: {
    en: 'The window has already ended: pick an end in the future',
    ja: 'このメンテナンス期間はすでに終了しています。未来の終了日時を選んでください',
  },
  planned_end_must_be_after_planned_start: { en: 'Planned end must be after planned start', ja: '予定終了は予定開始より後にしてください' },
  points_are_whole_numbers: { en: 'Points are whole numbers', ja: 'ポイントは整数です' },
  points_cannot_be_negative: { en: 'Points cannot be negative', ja: 'ポイントは負の値にできません' },
  publish_end_must_be_after_publish_start: { en: 'Publish end must be after publish start', ja: '公開終了は公開開始より後にしてください' },
  reason_is_at_most_500_characters: { en: 'Reason is at most 500 characters', ja: '理由は 500 文字以内です' },
  regeneration_amount: { en: 'Regeneration amount', ja: '回復量' },
  regeneration_amount_cannot_exceed_max_energy: {
    en: 'Regeneration amount cannot exceed max energy',
    ja: '回復量は最大エネルギーを超えられません',
  },
  regeneration_interval: { en: 'Regeneration interval', ja: '回復間隔' },
  regeneration_per_minute: { en: 'Regeneration per minute', ja: '毎分の回復量' },
  regeneration_per_minute_cannot_exceed_max_health: {
    en: 'Regeneration per minute cannot exceed max health',
    ja: '毎分の回復量は最大体力を超えられません',
  },
  required: { en: 'Required', ja: '必須です' },
  say_why_the_battle_is_ended: { en: 'Say why the battle is ended', ja: 'バトルを終了する理由を入力してください' },
  say_why_the_battles_are_ended: { en: 'Say why the battles are ended', ja: 'バトルを終了する理由を入力してください' },
  send_a_list_of_api_ids: { en: 'Send a list of API ids', ja: 'API ID のリストを送ってください' },
  send_a_list_of_player_ids: { en: 'Send a list of player ids', ja: 'プレイヤー ID のリストを送ってください' },
  send_an_idempotency_key_header: { en: 'Send an idempotency-key header', ja: 'idempotency-key ヘッダーを送ってください' },
  send_one_row_per_game_action: { en: 'Send one row per game action', ja: 'ゲームアクションごとに 1 行を送ってください' },
  send_the_count_you_confirmed: { en: 'Send the count you confirmed', ja: '確認した数を送ってください' },
  some_fields_are_invalid: { en: 'Some fields are invalid', ja: '入力内容に誤りがあります' },
  tell_players_why: { en: 'Tell players why', ja: 'プレイヤーに理由を伝えてください' },
  the_amount_is_a_whole_number: { en: 'The amount is a whole number', ja: '金額は整数です' },
  the_amount_is_at_least_1: { en: 'The amount is at least 1', ja: '金額は 1 以上です' },
  the_cost_is_a_whole_number: { en: 'The cost is a whole number', ja: 'コストは整数です' },
  the_cost_is_at_least_0: { en: 'The cost is at least 0', ja: 'コストは 0 以上です' },
  the_cost_is_at_most_100_000_000: { en: 'The cost is at most 100,000,000', ja: 'コストは 100,000,000 以下です' },
  the_count_is_a_whole_number: { en: 'The count is a whole number', ja: '数は整数です' },
  the_count_is_at_least_1: { en: 'The count is at least 1', ja: '数は 1 以上です' },
  the_end_must_be_after_the_start: { en: 'The end must be after the start', ja: '終了は開始より後にしてください' },
  the_idempotency_key_is_8_to_100_letters_digits_or: {
    en: 'The idempotency key is 8 to 100 letters, digits, _ or -',
    ja: '冪等キーは英数字・_・- の 8〜100 文字です',
  },
  the_level_is_a_whole_number: { en: 'The level is a whole number', ja: 'レベルは整数です' },
  the_level_is_at_least_1: { en: 'The level is at least 1', ja: 'レベルは 1 以上です' },
  the_level_is_at_most_1_000: { en: 'The level is at most 1,000', ja: 'レベルは 1,000 以下です' },
  the_price_is_a_whole_number: { en: 'The price is a whole number', ja: '価格は整数です' },
  the_price_is_at_least_0: { en: 'The price is at least 0', ja: '価格は 0 以上です' },
  the_price_is_at_least_1: { en: 'The price is at least 1', ja: '価格は 1 以上です' },
  the_price_is_at_most_100_000_000: { en: 'The price is at most 100,000,000', ja: '価格は 100,000,000 以下です' },
  the_quantity_is_a_whole_number: { en: 'The quantity is a whole number', ja: '数量は整数です' },
  the_quantity_is_at_least_1: { en: 'The quantity is at least 1', ja: '数量は 1 以上です' },
  the_quantity_is_at_most_1_000_000: { en: 'The quantity is at most 1,000,000', ja: '数量は 1,000,000 以下です' },
  the_rank_is_a_whole_number: { en: 'The rank is a whole number', ja: '順位は整数です' },
  the_rank_is_at_least_1: { en: 'The rank is at least 1', ja: '順位は 1 以上です' },
  the_rank_is_at_most_100: { en: 'The rank is at most 100', ja: '順位は 100 以下です' },
  the_reason_is_at_most_500_characters: { en: 'The reason is at most 500 characters', ja: '理由は 500 文字以内です' },
  the_sale_end_must_be_after_its_start: { en: 'The sale end must be after its start', ja: '販売終了は販売開始より後にしてください' },
  the_stock_is_a_whole_number: { en: 'The stock is a whole number', ja: '在庫数は整数です' },
  the_stock_is_at_least_0: { en: 'The stock is at least 0', ja: '在庫数は 0 以上です' },
  the_stock_is_at_most_100_000_000: { en: 'The stock is at most 100,000,000', ja: '在庫数は 100,000,000 以下です' },
  the_time_zone_offset_must_be_within_15_59: {
    en: 'The time zone offset must be within ±15:59',
    ja: 'タイムゾーンのオフセットは ±15:59 以内です',
  },
  the_total_cap_must_cover_at_least_one_referral: {
    en: 'The total cap must cover at least one referral',
    ja: '合計上限は紹介 1 件以上をカバーする必要があります',
  },
  the_weight_is_a_whole_number: { en: 'The weight is a whole number', ja: '重みは整数です' },
  the_weight_is_at_most_1_000_000: { en: 'The weight is at most 1,000,000', ja: '重みは 1,000,000 以下です' },
  the_weight_is_more_than_0: { en: 'The weight is more than 0', ja: '重みは 0 より大きくしてください' },
  this_item_is_already_listed: { en: 'This item is already listed', ja: 'このアイテムはすでに追加されています' },
  this_present_does_not_exist: { en: 'This present does not exist', ja: 'このプレゼントは存在しません' },
  title_is_at_most_200_characters: { en: 'Title is at most 200 characters', ja: 'タイトルは 200 文字以内です' },
  title_is_required: { en: 'Title is required', ja: 'タイトルを入力してください' },
  type_the_number_of_battles: { en: 'Type the number of battles', ja: 'バトル数を入力してください' },
  use_at_most_1_024_characters: { en: 'Use at most 1,024 characters', ja: '1,024 文字以内で入力してください' },
  use_true_or_false: { en: 'Use true or false', ja: 'true か false を使ってください' },
  value_is_at_most_10_000_characters: { en: 'Value is at most 10,000 characters', ja: '値は 10,000 文字以内です' },
  whole_referrals: { en: 'Whole referrals', ja: '紹介数は整数です' },
  whole_spins: { en: 'Whole spins', ja: 'スピン数は整数です' },
  xp_is_a_whole_number: { en: 'XP is a whole number', ja: 'XP は整数です' },
  xp_is_at_least_0: { en: 'XP is at least 0', ja: 'XP は 0 以上です' },
  xp_is_at_most_1_000_000_000: { en: 'XP is at most 1,000,000,000', ja: 'XP は 1,000,000,000 以下です' },
  xp_required_goes_up_strictly_from_one_tier_to_the_next: {
    en: 'XP required goes up strictly from one tier to the next',
    ja: '必要 XP はティアごとに必ず増える必要があります',
  },
  // Field errors and validation messages the services give (errorMessages.test.ts lists one missing here).
  an_admin_with_this_email_already_exists: {
    en: 'An admin with this email already exists',
    ja: 'このメールアドレスの管理者はすでに存在します',
  },
  you_cannot_disable_your_own_account: { en: 'You cannot disable your own account', ja: '自分のアカウントは無効にできません' },
  you_cannot_demote_your_own_account: { en: 'You cannot demote your own account', ja: '自分のアカウントの権限は下げられません' },
  you_cannot_change_your_own_roles: { en: 'You cannot change your own roles', ja: '自分のロールは変更できません' },
  your_password_changed_meanwhile: { en: 'Your password changed meanwhile', ja: 'その間にパスワードが変更されました' },
  enter_a_player_id_a_whole_number: { en: 'Enter a player id (a whole number)', ja: 'プレイヤー ID（整数）を入力してください' },
  enter_a_player_id_a_whole_number_or_a_name: {
    en: 'Enter a player id (a whole number) or a name',
    ja: 'プレイヤー ID（整数）または名前を入力してください',
  },
  the_present_can_no_longer_be_claimed_then: {
    en: 'The present can no longer be claimed then: its period ends first',
    ja: 'その時点ではプレゼントを受け取れません。受け取り期間が先に終わります',
  },
  no_active_player_would_receive_it: { en: 'No active player would receive it', ja: '受け取る有効なプレイヤーがいません' },
  the_end_of_a_restriction_must_be_in_the_future: {
    en: 'The end of a restriction must be in the future',
    ja: '制限の終了日時は未来の日時にしてください',
  },
  no_such_api: { en: 'No such API in the catalogue', ja: 'カタログにない API です' },
  the_effective_date_must_be_after_that_of_the_latest_published_version: {
    en: 'The effective date must be after that of the latest published version',
    ja: '発効日は公開済みの最新バージョンの発効日より後にしてください',
  },
  display_end_must_be_in_the_future: { en: 'Display end must be in the future', ja: '表示終了は未来の日時にしてください' },
  pick_a_draw_time_in_the_future: { en: 'Pick a draw time in the future', ja: '抽選日時は未来の日時を選んでください' },
  this_call_is_not_a_global_operation_make_it_directly: {
    en: 'This call is not a global operation: make it directly',
    ja: 'この操作はグローバル操作ではありません。直接実行してください',
  },
  pick_a_time_in_the_future: { en: 'Pick a time in the future', ja: '未来の時刻を選んでください' },
  say_why_the_request_is_rejected: { en: 'Say why the request is rejected', ja: 'リクエストを却下する理由を入力してください' },
  this_page_is_too_deep: { en: 'This page is too deep', ja: 'このページは深すぎます' },
  this_route_streams_live_events_ask_for_text_event_stream: {
    en: 'This route streams live events: ask for text/event-stream',
    ja: 'このルートはライブイベントを配信します。text/event-stream を指定してください',
  },
  too_many_live_streams_are_open_for_this_session_close_another_tab: {
    en: 'Too many live streams are open for this session: close another tab',
    ja: 'このセッションで開いているライブ接続が多すぎます。ほかのタブを閉じてください',
  },
  // 409 reasons the services give (errorMessages.test.ts lists a fixed one missing here).
  a_sign_out_of_every_player_is_running_right_now_wait_for_it_to_finish_then_check: {
    en: 'A sign-out of every player is running right now. Wait for it to finish, then check the counts again.',
    ja: '全プレイヤーのサインアウトを実行中です。完了を待ってから、件数をもう一度確認してください。',
  },
  this_player_is_already_banned: {
    en: 'This player is already banned',
    ja: 'このプレイヤーはすでに BAN されています',
  },
  the_end_of_a_ban_must_be_in_the_future: {
    en: 'The end of a ban must be in the future',
    ja: 'BAN の終了日時は未来の日時にしてください',
  },
  this_player_is_not_banned: {
    en: 'This player is not banned',
    ja: 'このプレイヤーは BAN されていません',
  },
  this_present_has_a_distribution_and_can_no_longer_be_deleted: {
    en: 'This present has a distribution and can no longer be deleted',
    ja: 'このプレゼントには配布があるため、削除できません',
  },
  this_present_has_been_distributed_to_players_and_can_no_longer_be_deleted: {
    en: 'This present has been distributed to players and can no longer be deleted',
    ja: 'このプレゼントはプレイヤーに配布済みのため、削除できません',
  },
  this_api_is_already_restricted_for_this_player: {
    en: 'This API is already restricted for this player',
    ja: 'この API はこのプレイヤーに対してすでに制限されています',
  },
  this_season_has_started_its_start_can_no_longer_change: {
    en: 'This season has started: its start can no longer change',
    ja: 'このシーズンは開始済みです。開始日時は変更できません',
  },
  this_season_has_ended_it_is_read_only: {
    en: 'This season has ended: it is read-only',
    ja: 'このシーズンは終了しています。読み取り専用です',
  },
  this_season_has_started_it_can_no_longer_be_deleted: {
    en: 'This season has started: it can no longer be deleted',
    ja: 'このシーズンは開始済みです。削除できません',
  },
  this_shop_item_is_already_first: {
    en: 'This shop item is already first',
    ja: 'このショップアイテムはすでに先頭です',
  },
  this_shop_item_is_already_last: {
    en: 'This shop item is already last',
    ja: 'このショップアイテムはすでに末尾です',
  },
  this_staking_change_was_not_recorded_as_intended_or_it_was_already_sent: {
    en: 'This staking change was not recorded as intended, or it was already sent',
    ja: 'このステーキング変更は意図として記録されていないか、すでに送信済みです',
  },
  // The chain check of POST /staking-changes (STAKING_MISMATCH_REASONS, stakingChanges.ts).
  this_transaction_is_reported_for_another_chain: {
    en: 'This transaction is reported for another chain than the one the server checks',
    ja: 'このトランザクションは、サーバーが確認するチェーンとは別のチェーンのものとして報告されています',
  },
  this_transaction_is_not_a_call_to_the_staking_contract: {
    en: 'This transaction is not a call to the staking contract the server checks',
    ja: 'このトランザクションは、サーバーが確認するステーキングコントラクトの呼び出しではありません',
  },
  the_chain_has_no_such_transaction: { en: 'The chain has no such transaction', ja: 'チェーンにそのトランザクションはありません' },
  this_transaction_is_not_mined_yet: {
    en: 'This transaction is not mined yet',
    ja: 'このトランザクションはまだブロックに取り込まれていません',
  },
  this_transaction_calls_another_function: {
    en: 'This transaction calls another function than the change reported',
    ja: 'このトランザクションは、報告された変更とは別の関数を呼び出しています',
  },
  this_transaction_does_not_send_the_approved_values: {
    en: 'This transaction does not send the values that were approved',
    ja: 'このトランザクションは、承認された値を送信していません',
  },
  the_chain_shows_another_outcome: {
    en: 'The chain shows another outcome for this transaction than the one reported',
    ja: 'チェーン上のこのトランザクションの結果は、報告された結果と異なります',
  },
  the_contract_did_not_emit_the_events_of_this_change: {
    en: 'The contract did not emit the events of this change',
    ja: 'コントラクトはこの変更のイベントを発行していません',
  },
  a_staking_change_needs_its_recorded_intent: {
    en: 'A staking change needs its recorded intent in this environment',
    ja: 'この環境では、ステーキング変更には記録済みの意図が必要です',
  },
  no_open_intent_matches_this_staking_change: {
    en: 'No open intent matches this staking change',
    ja: 'このステーキング変更に一致する未送信の意図はありません',
  },
  this_transaction_was_replaced_by_another_staking_call: {
    en: 'This transaction was replaced by another call to the staking contract',
    ja: 'このトランザクションは、ステーキングコントラクトへの別の呼び出しに置き換えられました',
  },
  the_server_has_no_chain_to_check_staking_transactions_on: {
    en: 'The server has no chain to check staking transactions on (STAKING_RPC_URL, STAKING_CONTRACT_ADDRESS): nothing was recorded',
    ja: 'サーバーにステーキングのトランザクションを確認するチェーンが設定されていません（STAKING_RPC_URL、STAKING_CONTRACT_ADDRESS）。何も記録されていません',
  },
  the_server_could_not_reach_its_chain: {
    en: 'The server could not reach its chain to check this transaction: nothing was recorded, report it again later',
    ja: 'サーバーがトランザクションを確認するチェーンに接続できませんでした。何も記録されていません。後でもう一度報告してください',
  },
  this_staking_transaction_is_already_recorded: {
    en: 'This staking transaction is already recorded',
    ja: 'このステーキングのトランザクションはすでに記録されています',
  },
  this_idempotency_key_was_already_used_for_another_change_open_the_dialog_again: {
    en: 'This idempotency key was already used for another change. Open the dialog again.',
    ja: 'この冪等キーは別の変更ですでに使われています。ダイアログを開き直してください。',
  },
  this_request_was_applied_meanwhile: {
    en: 'This request was applied meanwhile',
    ja: 'このリクエストはその間に適用されました',
  },
  this_entry_has_already_been_reversed: {
    en: 'This entry has already been reversed',
    ja: 'この記録はすでに取り消されています',
  },
  a_reversal_cannot_be_reversed_add_an_adjustment_instead: {
    en: 'A reversal cannot be reversed: add an adjustment instead',
    ja: '取り消しの記録は取り消せません。代わりに調整を追加してください',
  },
  this_round_has_already_been_cancelled_its_tickets_were_refunded_then: {
    en: 'This round has already been cancelled: its tickets were refunded then',
    ja: 'このラウンドはすでに中止されています。チケットはその時に返金済みです',
  },
  this_round_has_been_cancelled_it_can_no_longer_change: {
    en: 'This round has been cancelled: it can no longer change',
    ja: 'このラウンドは中止されています。変更できません',
  },
  pick_the_first_day: { en: 'Pick the first day', ja: '開始日を選んでください' },
  pick_the_last_day: { en: 'Pick the last day', ja: '終了日を選んでください' },
  the_last_day_is_on_or_after_the_first: {
    en: 'The last day is on or after the first',
    ja: '終了日は開始日と同じかそれ以降にしてください',
  },
  a_report_covers_at_most_92_days: { en: 'A report covers at most 92 days', ja: 'レポートの期間は最大 92 日です' },
  pick_from_1_to_92_days: { en: 'Pick from 1 to 92 days', ja: '1 日から 92 日までを選んでください' },
  this_round_has_no_winner_in_this_prize_slot: {
    en: 'This round has no winner in this prize slot',
    ja: 'このラウンドのこの賞品枠には当選者がいません',
  },
  this_lottery_round_is_no_longer_on_sale: {
    en: 'This lottery round is no longer on sale: it was drawn or cancelled, or its draw time has passed',
    ja: 'この抽選ラウンドは販売を終了しました。抽選済みか中止されたか、抽選日時を過ぎています',
  },
  not_enough_points_for_this_ticket: { en: 'Not enough points for this ticket', ja: 'このチケットにはポイントが足りません' },
  this_purchase_id_was_already_used_for_another_ticket: {
    en: 'This purchase id was already used for another ticket',
    ja: 'この購入 ID はすでに別のチケットに使われています',
  },
  the_ticket_price_does_not_match_the_round: {
    en: 'The ticket price does not match the round',
    ja: 'チケット価格がラウンドと一致しません',
  },
  this_player_has_no_point_account: { en: 'This player has no point account', ja: 'このプレイヤーにはポイントアカウントがありません' },
  this_lottery_round_does_not_exist: { en: 'This lottery round does not exist', ja: 'この抽選ラウンドは存在しません' },
  send_the_purchase_id: { en: 'Send the purchase id', ja: '購入 ID を送ってください' },
  the_purchase_id_is_8_to_100_characters: {
    en: 'The purchase id is 8 to 100 letters, digits, - or _',
    ja: '購入 ID は英数字・- ・_ の 8〜100 文字です',
  },
  send_the_player_id: { en: 'Send the player id', ja: 'プレイヤー ID を送ってください' },
  the_player_id_is_a_whole_number: { en: 'The player id is a whole number', ja: 'プレイヤー ID は整数です' },
  send_the_ticket_price: { en: 'Send the ticket price', ja: 'チケット価格を送ってください' },
  the_ticket_price_is_a_whole_number: { en: 'The ticket price is a whole number', ja: 'チケット価格は整数です' },
  this_round_has_been_drawn_it_can_no_longer_change: {
    en: 'This round has been drawn: it can no longer change',
    ja: 'このラウンドは抽選済みです。変更できません',
  },
  this_round_is_being_drawn_it_can_no_longer_change: {
    en: 'This round is being drawn: it can no longer change',
    ja: 'このラウンドは抽選中です。変更できません',
  },
  this_request_expired_before_anyone_approved_it_prepare_it_again: {
    en: 'This request expired before anyone approved it: prepare it again',
    ja: 'このリクエストは承認される前に期限切れになりました。もう一度作成してください',
  },
  this_request_changed_since_you_opened_it_review_it_again: {
    en: 'This request changed since you opened it: review it again',
    ja: 'このリクエストは開いた後に変更されました。もう一度確認してください',
  },
  this_request_was_decided_meanwhile: {
    en: 'This request was decided meanwhile',
    ja: 'このリクエストはその間に承認または却下されました',
  },
  the_target_changed_since_this_request_was_prepared_it_was_not_applied_prepare_it: {
    en: 'The target changed since this request was prepared: it was not applied. Prepare it again.',
    ja: 'このリクエストの作成後に対象が変更されたため、適用されませんでした。もう一度作成してください。',
  },
  // Refusals that are not about a field (401, 403, 404, 429, bodies): the console shows them in its language too.
  this_action_log_entry_does_not_exist: { en: 'This action log entry does not exist', ja: 'この操作ログのエントリは存在しません' },
  the_change_is_saved_but_the_mail_server_refused_the_invitation: {
    en: 'The change is saved but the mail server refused the invitation: reset the password to send another',
    ja: '変更は保存されましたが、メールサーバーが招待メールを拒否しました。パスワードをリセットして招待を送り直してください',
  },
  this_api_does_not_exist: { en: 'This API does not exist', ja: 'この API は存在しません' },
  too_many_wrong_codes_try_again_later: {
    en: 'Too many wrong codes. Try again later.',
    ja: 'コードの誤りが多すぎます。しばらくしてからやり直してください。',
  },
  no_such_admin_account: { en: 'No such admin account', ja: 'その管理者アカウントはありません' },
  this_link_does_not_work_any_more: {
    en: 'This link does not work any more: it was used, replaced by a newer one, or it expired. Ask an administrator to send another.',
    ja: 'このリンクはもう使えません（使用済み、新しいリンクに置き換え済み、または期限切れです）。管理者に新しいリンクを依頼してください。',
  },
  too_many_attempts_try_again_later: {
    en: 'Too many attempts. Try again later.',
    ja: '試行回数が多すぎます。しばらくしてからやり直してください。',
  },
  sign_in_failed: { en: 'Sign-in failed', ja: 'サインインに失敗しました' },
  too_many_failed_sign_in_attempts_try_again_later: {
    en: 'Too many failed sign-in attempts. Try again later.',
    ja: 'サインインの失敗が多すぎます。しばらくしてからやり直してください。',
  },
  too_many_wrong_passwords_try_again_later: {
    en: 'Too many wrong passwords. Try again later.',
    ja: 'パスワードの誤りが多すぎます。しばらくしてからやり直してください。',
  },
  this_item_does_not_exist: { en: 'This item does not exist', ja: 'このアイテムは存在しません' },
  this_distribution_does_not_exist: { en: 'This distribution does not exist', ja: 'この配布は存在しません' },
  this_policy_does_not_exist: { en: 'This policy does not exist', ja: 'このポリシーは存在しません' },
  a_distribution_cannot_be_edited: {
    en: 'A distribution cannot be edited: cancel it and send a new one',
    ja: '配布は編集できません。取り消して新しく送ってください',
  },
  this_player_does_not_exist: { en: 'This player does not exist', ja: 'このプレイヤーは存在しません' },
  this_api_is_not_restricted_for_this_player: {
    en: 'This API is not restricted for this player',
    ja: 'この API はこのプレイヤーに制限されていません',
  },
  this_point_account_does_not_exist: { en: 'This point account does not exist', ja: 'このポイントアカウントは存在しません' },
  this_ledger_entry_does_not_exist: { en: 'This ledger entry does not exist', ja: 'この台帳エントリは存在しません' },
  this_change_request_does_not_exist: { en: 'This change request does not exist', ja: 'この変更リクエストは存在しません' },
  someone_else_changed_this_record: {
    en: 'Someone else changed this record. Review their version and try again.',
    ja: '他の人がこのレコードを変更しました。相手の版を確認して、もう一度やり直してください。',
  },
  your_session_has_ended_sign_in_again: {
    en: 'Your session has ended. Sign in again.',
    ja: 'セッションが終了しました。もう一度サインインしてください。',
  },
  something_went_wrong_try_again_later: {
    en: 'Something went wrong. Try again later.',
    ja: '問題が発生しました。しばらくしてからやり直してください。',
  },
  sign_in_to_continue: { en: 'Sign in to continue', ja: '続けるにはサインインしてください' },
  your_account_is_not_allowed_to_do_this: { en: 'Your account is not allowed to do this', ja: 'このアカウントではこの操作はできません' },
  add_a_second_factor_before_using_the_console: {
    en: 'Add a second factor on your Security page before using the console',
    ja: 'コンソールを使う前に、セキュリティページで 2 つ目の認証要素を追加してください',
  },
  confirm_it_is_you_enter_a_code: {
    en: 'Confirm it is you: enter a code from your authenticator app',
    ja: '本人確認のため、認証アプリのコードを入力してください',
  },
  not_found: { en: 'Not found', ja: '見つかりません' },
  the_request_body_is_not_valid_json: { en: 'The request body is not valid JSON', ja: 'リクエストの本文が正しい JSON ではありません' },
  pick_a_segment: { en: 'Pick a segment', ja: 'セグメントを選んでください' },
  pick_a_policy: { en: 'Pick a policy', ja: 'ポリシーを選んでください' },
  pick_has_or_has_not: { en: 'Pick has or has not', ja: 'あり・なしを選んでください' },
  send_the_criteria: { en: 'Send the criteria', ja: '条件を送ってください' },
  a_balance_is_a_whole_number_from_0: { en: 'A balance is a whole number from 0', ja: '残高は 0 以上の整数です' },
  the_highest_balance_is_below_the_lowest: { en: 'The highest balance is below the lowest', ja: '最高残高が最低残高より低くなっています' },
  point_balances_cannot_be_read_here: {
    en: 'Point balances cannot be read here: the points tables are missing or this service may not read them',
    ja: 'ここではポイント残高を読み取れません（ポイントのテーブルがないか、このサービスに読み取り権限がありません）',
  },
  the_highest_level_is_below_the_lowest: { en: 'The highest level is below the lowest', ja: '最高レベルが最低レベルより低くなっています' },
  this_segment_does_not_exist: { en: 'This segment does not exist', ja: 'このセグメントは存在しません' },
  this_segment_has_too_many_members_for_one_bulk_action: {
    en: 'This segment has too many members for one bulk action: narrow its criteria',
    ja: 'このセグメントのメンバーが多すぎて一括操作できません。条件を絞り込んでください',
  },
} as const satisfies Record<string, { en: string; ja: string }>;

export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;
export type ErrorLanguage = 'en' | 'ja';

interface ErrorPattern {
  key: string;
  en: RegExp;
  ja: (match: RegExpExecArray) => string;
}

/** Messages with values in them (`At most ${n} items`): the key names the shape, the values carry over. */
export const ERROR_PATTERNS: readonly ErrorPattern[] = [
  {
    key: 'at_most_n_player_ids_at_a_time',
    en: /^At most ([\d,]+) player ids at a time$/,
    ja: (m) => `一度に指定できるプレイヤー ID は ${m[1]} 件までです`,
  },
  {
    key: 'player_ids_are_whole_numbers_from_1_to_n',
    en: /^Player ids are whole numbers from 1 to (\d+) \(not (.*)\)$/,
    ja: (m) => `プレイヤー ID は 1 から ${m[1]} までの整数です（${m[2].replace(/ and (\d+) more$/, ' ほか $1 件')} は不可）`,
  },
  { key: 'at_most_n_things', en: /^At most (\d+) (items|drops|rewards|prizes|APIs|tiers)$/, ja: (m) => `${m[1]} 件以下です` },
  { key: 'at_most_n', en: /^At most (\d+)$/, ja: (m) => `${m[1]} 以下です` },
  {
    key: 'a_wheel_has_at_least_n_segments',
    en: /^A wheel has at least (\d+) segments$/,
    ja: (m) => `ホイールのセグメントは ${m[1]} 個以上です`,
  },
  {
    key: 'a_wheel_has_at_most_n_segments',
    en: /^A wheel has at most (\d+) segments$/,
    ja: (m) => `ホイールのセグメントは ${m[1]} 個以下です`,
  },
  {
    key: 'field_is_at_most_n_characters',
    en: /^(Name|Title|Description) is at most ([\d,]+) characters$/,
    ja: (m) => `${FIELD_JA[m[1]!]}は ${m[2]} 文字以内です`,
  },
  { key: 'the_count_is_at_most_n', en: /^The count is at most (\d+)$/, ja: (m) => `数は ${m[1]} 以下です` },
  { key: 'use_at_least_n_characters', en: /^Use at least (\d+) characters$/, ja: (m) => `${m[1]} 文字以上で入力してください` },
  { key: 'missing_actions', en: /^Missing actions: (.*)$/, ja: (m) => `不足しているアクション：${m[1]}` },
  {
    key: 'probabilities_add_up_to',
    en: /^Probabilities add up to ([\d.]+)%; they must add up to exactly 100\.00% \((.*)\)$/,
    ja: (m) => `確率の合計は ${m[1]}% です。ちょうど 100.00% にしてください（${m[2]}）`,
  },
  {
    key: 'overlaps_the_season',
    en: /^Overlaps the season "(.*)" \((.*)\): seasons never overlap$/,
    ja: (m) => `シーズン「${m[1]}」（${m[2]}）と期間が重なっています。シーズンは重複できません`,
  },
  { key: 'no_such_api_in_the_catalogue', en: /^No such API in the catalogue: (.*)$/, ja: (m) => `カタログにない API です：${m[1]}` },
  { key: 'sort_by_one_of', en: /^Sort by one of: (.*)$/, ja: (m) => `並べ替えに使える項目：${m[1]}` },
  { key: 'type_the_scope_to_confirm', en: /^Type "(.*)" to confirm$/, ja: (m) => `確定するには「${m[1]}」と入力してください` },
  {
    key: 'set_an_effective_date_after',
    en: /^Set an effective date after (.*), when the latest published version takes effect$/,
    ja: (m) => `発効日は ${m[1]}（公開済みの最新バージョンの発効日）より後にしてください`,
  },
  {
    key: 'only_the_first_n_rows_can_be_paged',
    en: /^Only the first ([\d,]+) rows can be paged: reverse the sort or narrow the filters to see older ones$/,
    ja: (m) => `ページ送りできるのは最初の ${m[1]} 行までです。並び順を逆にするか、絞り込んで古いものを表示してください`,
  },
  {
    key: 'version_n_no_longer_passes_todays_rules',
    en: /^Version (\d+) no longer passes today's rules and cannot be restored$/,
    ja: (m) => `バージョン ${m[1]} は現在のルールを満たさないため、復元できません`,
  },
  {
    key: 'another_administrator_must_decide',
    en: /^Another administrator must (approve|reject|decide) this request: you requested it$/,
    ja: (m) => `このリクエストはあなたが作成したものです。${m[1] === 'reject' ? '却下' : '承認'}は別の管理者が行います`,
  },
  {
    key: 'accounts_younger_than_n_days_cannot_approve',
    en: /^Accounts younger than (\d+) days cannot approve changes: another administrator must approve this request$/,
    ja: (m) => `作成から ${m[1]} 日未満のアカウントは変更を承認できません。別の管理者が承認してください`,
  },
  // A record by its noun (`This news article does not exist`): the noun is English, so the Japanese says "record".
  { key: 'this_version_does_not_exist', en: /^This version of the (.+) does not exist$/, ja: () => 'この版は存在しません' },
  { key: 'this_record_does_not_exist', en: /^This (.+) does not exist$/, ja: () => 'このレコードは存在しません' },
  { key: 'this_record_no_longer_exists', en: /^This (.+) no longer exists$/, ja: () => 'このレコードはすでに存在しません' },
  {
    key: 'this_needs_one_of_these_roles',
    en: /^This needs one of these roles: (.*)$/,
    ja: (m) => `この操作には次のいずれかのロールが必要です：${m[1]}`,
  },
  {
    key: 'send_the_token',
    en: /^Send the token: authorization: Bearer <(.*)>$/,
    ja: (m) => `トークンを送ってください：authorization: Bearer <${m[1]}>`,
  },
];
const FIELD_JA: Record<string, string> = { Name: '名前', Title: 'タイトル', Description: '説明' };

const byEnglish = new Map<string, ErrorMessageKey>(
  (Object.entries(ERROR_MESSAGES) as [ErrorMessageKey, { en: string }][]).map(([key, { en }]) => [en, key]),
);

interface TemplatePattern {
  key: ErrorTemplateKey;
  en: RegExp;
  names: string[];
}
let templatePatterns: TemplatePattern[] | undefined;
/** 'The balance is {balance}: …' → /^The balance is (.+?): …$/ (the rest taken literally). */
function templateRegExp(text: string): RegExp {
  const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  return new RegExp(`^${parts.join('(.+?)')}$`);
}
/** ERROR_TEMPLATES as patterns, built on first use. */
function templatesAsPatterns(): TemplatePattern[] {
  templatePatterns ??= (Object.entries(ERROR_TEMPLATES) as [ErrorTemplateKey, { en: string }][]).map(([key, { en }]) => ({
    key,
    en: templateRegExp(en),
    names: [...en.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  }));
  return templatePatterns;
}

/** A reason built from values (keyedMessage) read back from its English text: its key and values. */
function templateOf(english: string): { key: ErrorTemplateKey; params: ErrorMessageParams } | null {
  for (const { key, en, names } of templatesAsPatterns()) {
    const match = en.exec(english);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

/** The key of an English message (null: not in the catalogue). */
export function errorMessageKey(english: string): string | null {
  const key = byEnglish.get(english);
  if (key) return key;
  return ERROR_PATTERNS.find((pattern) => pattern.en.test(english))?.key ?? templateOf(english)?.key ?? null;
}

/** An API or schema message in the console's language; unknown messages stay as they are. */
export function localizeErrorMessage(english: string, language: ErrorLanguage): string {
  if (language === 'en') return english;
  const key = byEnglish.get(english);
  if (key) return ERROR_MESSAGES[key].ja;
  for (const pattern of ERROR_PATTERNS) {
    const match = pattern.en.exec(english);
    if (match) return pattern.ja(match);
  }
  // A keyed reason sent as a field error (its text beside the field): the same values in Japanese.
  const template = templateOf(english);
  return template ? formatErrorTemplate(template.key, template.params, 'ja') : english;
}

/** The keys of a field-error map, field by field (what the API sends beside `fieldErrors`). */
export function fieldErrorKeysOf(fieldErrors: Record<string, string[]>): Record<string, (string | null)[]> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map(errorMessageKey)]));
}

/**
 * Words a value may be (statuses) in Japanese, by placeholder name: a status is sent as its
 * English word in the params and shown in the console's words.
 */
const JA_VALUES: Record<string, Record<string, string>> = {
  status: {
    pending: '承認待ち',
    scheduled: '予約済み',
    running: '送信中',
    done: '完了',
    applied: '適用済み',
    rejected: '却下',
    failed: '失敗',
    expired: '期限切れ',
    cancelled: '取り消し',
  },
};

/** A template's text in a language with its values in (as sent: the English text stays the one the API always answered). */
export function formatErrorTemplate(key: ErrorTemplateKey, params: ErrorMessageParams, language: 'en' | 'ja'): string {
  if (language === 'en') return englishOfTemplate(key, params);
  return ERROR_TEMPLATES[key].ja.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    const text = String(value);
    // A reason passed on from another answer: in Japanese when the catalogue knows it.
    if (name === 'reason') return localizeErrorMessage(text, 'ja');
    // An amount of points is sent with its English unit ('1,200 points').
    return JA_VALUES[name]?.[text] ?? text.replace(/^(-?[\d,]+) points?$/, '$1 ポイント');
  });
}
