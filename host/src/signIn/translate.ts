import shellEn from '@phoenix/shell/src/i18n/locales/en.json';
import shellJa from '@phoenix/shell/src/i18n/locales/ja.json';
import type { Language } from '@phoenix/shell/src/i18n/language';
import { authEn, authJa } from './authStrings';
import type { Translate } from './signInServices';

/**
 * The lean sign-in page's strings without i18next: the same tables the console registers (host
 * `auth.*`, shell `language.*`), looked up by the same keys, English when a key has no entry.
 */
const TABLES: Record<Language, Record<string, unknown>> = {
  en: { auth: authEn, language: shellEn.language },
  ja: { auth: authJa, language: shellJa.language },
};

function lookup(table: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = table;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translator(language: Language): Translate {
  return (key, values) => {
    const text = lookup(TABLES[language], key) ?? lookup(TABLES.en, key) ?? key;
    return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };
}
