import { useId } from 'react';
import styled from 'styled-components';
import { LANGUAGES, isLanguage, useLanguage, useTranslation } from '@phoenix/shell';

const Select = styled.select`
  font: inherit;
  font-size: 0.85rem;
  min-height: 2.5rem;
  padding: 0 0.5rem;
  color: inherit;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius};
  cursor: pointer;
  option {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Hidden = styled.label`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** The navbar's language switch (PRODUCT §5): each language named in itself, the choice remembered. */
export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <>
      <Hidden htmlFor={id}>{t('language.label')}</Hidden>
      <Select
        id={id}
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) setLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </Select>
    </>
  );
}
