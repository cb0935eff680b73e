import { useId, useState } from 'react';
import type { Item } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Select, TextField } from '@phoenix/ui';
import styled from 'styled-components';
import { useItem, useItemSearch } from './useCatalogue';

const Pair = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  flex-wrap: wrap;
`;

export const itemLabel = (item: Pick<Item, 'name' | 'glyph' | 'kind'>) => `${item.glyph} ${item.name} (${item.kind})`;

export interface ItemPickerProps {
  label: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error?: string;
}

/**
 * A catalogue item: a search box narrows the choice (name or code, searched by the BFF) and a
 * select picks one. The current item stays listed whatever the search says.
 */
export function ItemPicker({ label, value, onChange, error }: ItemPickerProps) {
  const { t } = useTranslation('present');
  const [search, setSearch] = useState('');
  const found = useItemSearch(search);
  const current = useItem(value);
  const searchId = useId();
  const items = [...(found.data?.items ?? [])];
  if (current.data && !items.some((item) => item.id === current.data.id)) items.unshift(current.data);
  return (
    <Pair>
      <TextField
        id={searchId}
        label={t('items.search', { label })}
        type="search"
        value={search}
        autoComplete="off"
        onChange={(e) => setSearch(e.target.value)}
      />
      <Select
        label={label}
        required
        value={value ? String(value) : ''}
        placeholder={t('items.pick')}
        options={items.map((item) => ({ value: String(item.id), label: itemLabel(item) }))}
        error={error}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      />
    </Pair>
  );
}
