import { useLanguage, useTranslation } from '@phoenix/shell/src/boot';
import { LanguageSelect } from './LanguageSelect';

/** The navbar's language switch (PRODUCT §5): each language named in itself, the choice remembered. */
export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useLanguage();
  return <LanguageSelect language={language} onChange={setLanguage} label={t('language.label')} nameOf={(l) => t(`language.${l}`)} />;
}
