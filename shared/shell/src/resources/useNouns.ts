import { useTranslation } from 'react-i18next';
import './translations';

/**
 * A resource's noun and plural in the console's language: the `resources:nouns.<target>` strings a
 * remote registers (`{ nouns: { news: { one: 'お知らせ', other: 'お知らせ' } } }`), else the contract's English.
 */
export function useNouns(definition: { target: string; noun: string; plural?: string }) {
  const { t } = useTranslation('resources');
  return {
    noun: t(`nouns.${definition.target}.one`, { defaultValue: definition.noun }),
    plural: t(`nouns.${definition.target}.other`, { defaultValue: definition.plural ?? `${definition.noun}s` }),
  };
}
