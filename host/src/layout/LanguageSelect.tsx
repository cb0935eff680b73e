import { useId } from 'react';
import styled from 'styled-components';
import { LANGUAGES, isLanguage, type Language } from '@phoenix/shell/src/i18n/language';
// The theme module alone: the lean sign-in page shows this select and does not load the kit.
import { tokens } from '@phoenix/ui/src/theme';

const Select = styled.select`
  font: inherit;
  font-size: 0.85rem;
  min-height: 2.5rem;
  padding: 0 0.5rem;
  color: inherit;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${tokens.radius};
  cursor: pointer;
  option {
    color: ${tokens.colors.text};
    background: ${tokens.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
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

/** The language select, given its strings and state: the console's switch and the lean sign-in page's. */
export function LanguageSelect({
  language,
  onChange,
  label,
  nameOf,
}: {
  language: Language;
  onChange(language: Language): void;
  label: string;
  nameOf(language: Language): string;
}) {
  const id = useId();
  return (
    <>
      <Hidden htmlFor={id}>{label}</Hidden>
      <Select
        id={id}
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) onChange(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {nameOf(l)}
          </option>
        ))}
      </Select>
    </>
  );
}
