/**
 * The sign-in pages' strings (host namespace, keys `auth.*`). In a module of their own, without
 * i18next: the console registers them with the rest of the host's strings (layout/hostI18n.ts) and
 * the lean sign-in page (SignInApp.tsx) looks them up directly (translate.ts).
 * `{{name}}` is filled in by both (i18next's interpolation syntax).
 */
export const authEn = {
  tabs: 'Authentication',
  loginTab: 'Login',
  pageTitle: 'Sign in',
  form: 'Sign in',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  failed: {
    invalid: 'Sign-in failed',
    rate_limited: 'Too many attempts, try again later',
    unavailable: 'Sign-in failed: the server could not be reached. Try again in a moment.',
  },
  fieldErrors: {
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address',
    passwordRequired: 'Password is required',
    passwordTooLong: 'Password is too long',
  },
  // The forced change after a one-time password.
  passwordChange: {
    title: 'Choose a new password',
    intro: 'You signed in with a one-time password. Choose your own password to continue.',
    newPassword: 'New password',
    confirm: 'Repeat the new password',
    hint: 'At least {{min}} characters',
    submit: 'Save and sign in',
    cancel: 'Back to sign-in',
    mismatch: 'The two passwords differ',
    failed: 'The password could not be changed: sign in again with the one-time password.',
    rateLimited: 'Too many attempts, try again later',
    unavailable: 'The server could not be reached. Try again in a moment.',
  },
  // An invitation link: the new admin, or one whose password was reset, sets a password.
  invitation: {
    checking: 'Checking your link…',
    intro: 'Choose the password for {{email}}. Then sign in and add your second factor.',
    invalid: 'This link does not work any more: it was used, replaced by a newer one, or it expired. Ask an administrator to send another.',
    unavailable: 'The server could not be reached. Reload the page in a moment.',
    toSignIn: 'Go to sign-in',
  },
  // The code after the password, for an account with a second factor.
  secondFactor: {
    title: 'Enter your code',
    intro: 'Open your authenticator app and enter the 6-digit code for {{email}}, or one of your recovery codes.',
    code: 'Code',
    submit: 'Verify and sign in',
    cancel: 'Back to sign-in',
    required: 'Enter the code',
    failed: 'That code did not work. Enter the current one, or sign in again if this took more than 5 minutes.',
    rateLimited: 'Too many attempts, try again later',
    unavailable: 'The server could not be reached. Try again in a moment.',
    usePasskey: 'Use a passkey',
    orCode: 'or enter a code below.',
    passkeyFailed: 'That passkey was not accepted. Try again, use a code, or sign in again if this took more than 5 minutes.',
    passkeyCancelled: 'The passkey prompt was closed before a passkey was chosen. Try again, or use a code.',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type AuthStrings = Shape<typeof authEn>;

export const authJa: AuthStrings = {
  tabs: '認証',
  loginTab: 'ログイン',
  pageTitle: 'サインイン',
  form: 'サインイン',
  email: 'メールアドレス',
  password: 'パスワード',
  submit: 'サインイン',
  failed: {
    invalid: 'サインインに失敗しました',
    rate_limited: '試行回数が多すぎます。しばらくしてからお試しください',
    unavailable: 'サインインに失敗しました：サーバーに接続できません。少し待ってからお試しください。',
  },
  fieldErrors: {
    emailRequired: 'メールアドレスを入力してください',
    emailInvalid: '正しいメールアドレスを入力してください',
    passwordRequired: 'パスワードを入力してください',
    passwordTooLong: 'パスワードが長すぎます',
  },
  passwordChange: {
    title: '新しいパスワードを設定',
    intro: 'ワンタイムパスワードでサインインしました。続けるには自分のパスワードを設定してください。',
    newPassword: '新しいパスワード',
    confirm: '新しいパスワード（確認）',
    hint: '{{min}}文字以上',
    submit: '保存してサインイン',
    cancel: 'サインインに戻る',
    mismatch: '2つのパスワードが一致しません',
    failed: 'パスワードを変更できませんでした。ワンタイムパスワードでもう一度サインインしてください。',
    rateLimited: '試行回数が多すぎます。しばらくしてからお試しください',
    unavailable: 'サーバーに接続できません。少し待ってからお試しください。',
  },
  invitation: {
    checking: 'リンクを確認しています…',
    intro: '{{email}} のパスワードを設定してください。その後サインインして、2 段階認証を追加してください。',
    invalid: 'このリンクは使えません。使用済み、新しいリンクに置き換え済み、または期限切れです。管理者に再送を依頼してください。',
    unavailable: 'サーバーに接続できません。少し待ってからページを再読み込みしてください。',
    toSignIn: 'サインインへ',
  },
  secondFactor: {
    title: 'コードを入力',
    intro: '認証アプリを開き、{{email}} の 6 桁のコード、またはリカバリーコードを入力してください。',
    code: 'コード',
    submit: '確認してサインイン',
    cancel: 'サインインに戻る',
    required: 'コードを入力してください',
    failed: 'コードが正しくありません。現在のコードを入力するか、5 分以上経った場合はもう一度サインインしてください。',
    rateLimited: '試行回数が多すぎます。しばらくしてからお試しください',
    unavailable: 'サーバーに接続できません。少し待ってからお試しください。',
    usePasskey: 'パスキーを使う',
    orCode: 'または下にコードを入力してください。',
    passkeyFailed:
      'パスキーが受け付けられませんでした。もう一度試すか、コードを使うか、5 分以上経った場合はもう一度サインインしてください。',
    passkeyCancelled: 'パスキーが選ばれる前に確認画面が閉じられました。もう一度試すか、コードを使ってください。',
  },
};
