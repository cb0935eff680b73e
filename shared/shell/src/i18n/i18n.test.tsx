import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerTranslations, useLanguage, useTranslation, LANGUAGE_STORAGE_KEY, currentLanguage } from '..';
import { browserLanguage } from './language';

function Greeting() {
  const { t } = useTranslation('demo');
  const { language, setLanguage } = useLanguage();
  return (
    <>
      <p>{t('hello', { name: 'Ada' })}</p>
      <button onClick={() => setLanguage(language === 'en' ? 'ja' : 'en')}>{`switch from ${language}`}</button>
    </>
  );
}

describe('i18n', () => {
  beforeEach(() => {
    registerTranslations('demo', { en: { hello: 'Hello {{name}}' }, ja: { hello: 'こんにちは {{name}}' } });
  });

  it('is initialised synchronously: the first render is translated, in English by default', () => {
    render(<Greeting />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches every translated component, remembers the choice and keeps <html lang> in sync', async () => {
    const user = userEvent.setup();
    render(<Greeting />);
    await user.click(screen.getByRole('button', { name: 'switch from en' }));
    expect(screen.getByText('こんにちは Ada')).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(currentLanguage()).toBe('ja');
    await user.click(screen.getByRole('button', { name: 'switch from ja' }));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('registerTranslations is idempotent and a later call updates the strings', () => {
    registerTranslations('demo', { en: { hello: 'Hello {{name}}' }, ja: { hello: 'こんにちは {{name}}' } });
    registerTranslations('demo', { en: { hello: 'Hi {{name}}' }, ja: { hello: 'やあ {{name}}' } });
    render(<Greeting />);
    expect(screen.getByText('Hi Ada')).toBeInTheDocument();
  });

  it('defaults to Japanese only for a Japanese browser', () => {
    const spy = jest.spyOn(window.navigator, 'language', 'get');
    spy.mockReturnValue('ja-JP');
    expect(browserLanguage()).toBe('ja');
    spy.mockReturnValue('fr-FR');
    expect(browserLanguage()).toBe('en');
    spy.mockRestore();
  });
});
