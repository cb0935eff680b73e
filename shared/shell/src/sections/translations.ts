import { registerTranslations } from '../i18n';

/** Strings of <SectionSlot> (namespace 'sections'). */
registerTranslations('sections', {
  en: {
    failed: 'This section could not be shown',
    remoteFailed: 'The sections of the {{remote}} area could not be loaded',
    loading: 'Loading…',
    retry: 'Retry',
  },
  ja: {
    failed: 'このセクションを表示できませんでした',
    remoteFailed: '{{remote}} エリアのセクションを読み込めませんでした',
    loading: '読み込み中…',
    retry: '再試行',
  },
});
