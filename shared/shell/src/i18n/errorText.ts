import i18next from 'i18next';
import { formatErrorTemplate, isErrorTemplateKey, localizeErrorMessage } from '@phoenix/contract';
import type { ApiRequestError } from '../api/ApiRequestError';

/**
 * A validation or conflict message (the API's, or a contract schema's in the browser) in the
 * console's language, through the contract's message catalogue (ERROR_MESSAGES).
 */
export function errorText(message: string): string {
  return localizeErrorMessage(message, consoleLanguage());
}

/** A reason built from values (`messageKey` of ERROR_TEMPLATES with `messageParams`) in the console's language. */
export function keyedReason(error: ApiRequestError): string | null {
  const { keyed } = error;
  return keyed && isErrorTemplateKey(keyed.key) ? formatErrorTemplate(keyed.key, keyed.params, consoleLanguage()) : null;
}

/** An API error's own message (e.g. a 409's reason) in the console's language. */
export function errorReason(error: ApiRequestError): string {
  return keyedReason(error) ?? errorText(error.message);
}

function consoleLanguage(): 'en' | 'ja' {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return language === 'ja' ? 'ja' : 'en';
}
