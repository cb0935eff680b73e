/**
 * Jest setup (jest.setup.ts imports it): i18next initialised like the app does it, and every
 * test starts in English with no remembered choice, whatever the previous test switched to.
 */
import { i18next } from '../i18n/setup';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language';

beforeEach(async () => {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
