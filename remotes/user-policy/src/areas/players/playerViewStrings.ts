import { registerTranslations } from '@phoenix/shell';

/** Strings of the player view (namespace 'playerView'); the profile's labels are the list's (userPolicy). */
registerTranslations('playerView', {
  en: {
    title: '{{name}} (player #{{id}})',
    description: "One player: profile and bans, restrictions and policies, then each area's part (points, battles, presents, history).",
    back: 'Back to the players',
    profile: 'Profile and status',
    notFound: 'No player #{{id}}',
    invalidId: 'This link does not name a player.',
    loadFailed: 'The player could not be loaded',
  },
  ja: {
    title: '{{name}}（プレイヤー #{{id}}）',
    description: '1人のプレイヤー：プロフィールとBAN、制限とポリシー、各エリアの情報（ポイント、バトル、プレゼント、履歴）。',
    back: 'プレイヤー一覧に戻る',
    profile: 'プロフィールと状態',
    notFound: 'プレイヤー #{{id}} は存在しません',
    invalidId: 'このリンクはプレイヤーを指していません。',
    loadFailed: 'プレイヤーを読み込めませんでした',
  },
});
