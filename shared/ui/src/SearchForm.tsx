import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';
import { TextField } from './fields';

const Form = styled.form`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  max-width: 32rem;
  & > :first-child {
    flex: 1;
  }
`;

/**
 * Free-text search applied on Enter / "Search" (one request and one history entry per search,
 * not per keystroke). Follows `value` when the URL changes (back/forward).
 */
export function SearchForm({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label?: string;
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation('ui');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <TextField
        label={label ?? t('search.label')}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit">{t('search.submit')}</Button>
    </Form>
  );
}
