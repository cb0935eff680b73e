import { useQuery } from '@tanstack/react-query';
import { ITEMS_PATH, type Item } from '@phoenix/contract';
import { useApi, useTranslation } from '@phoenix/shell';

/**
 * The catalogue item an item reward's id names, read from the BFF's item catalogue (apiBase, the
 * same catalogue the points API checks on save), so the admin sees what the id is as it is typed.
 */
export function CatalogueItemName({ id, label }: { id: unknown; label: string }) {
  const { t } = useTranslation('points');
  const api = useApi();
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  const item = useQuery({
    queryKey: ['items', 'one', id],
    queryFn: () => api.get<Item>(`${ITEMS_PATH}/${id}`),
    enabled: valid,
    staleTime: 30 * 60_000,
    retry: false,
  });
  const text = !valid
    ? '—'
    : item.data
      ? `${item.data.glyph} ${item.data.name} (${item.data.kind})`
      : item.isError
        ? t('games.itemUnknown')
        : t('games.itemLoading');
  return (
    <output aria-label={label} style={{ alignSelf: 'center' }}>
      {text}
    </output>
  );
}
