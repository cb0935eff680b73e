import i18next from 'i18next';
import { localizeErrorMessage } from '@phoenix/contract';

/**
 * A validation or conflict message (the API's, or a contract schema's in the browser) in the
 * console's language, through the contract's message catalogue (ERROR_MESSAGES).
 */
export function errorText(message: string): string {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return localizeErrorMessage(message, language === 'ja' ? 'ja' : 'en');
}
