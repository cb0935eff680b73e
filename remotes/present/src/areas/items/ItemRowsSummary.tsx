import type { ItemQuantityRow } from '@phoenix/contract';
import { formatNumber } from '@phoenix/ui';
import { useItem } from './useCatalogue';

function ItemRow({ row }: { row: ItemQuantityRow }) {
  const item = useItem(row.itemId).data;
  return (
    <li>
      {item ? `${item.glyph} ${item.name}` : `#${row.itemId}`} × {formatNumber(row.quantity)}
    </li>
  );
}

/** "Coin × 500, Gem × 10": the rows of a present (or a reward), names from the catalogue. */
export function ItemRowsSummary({ rows }: { rows: readonly ItemQuantityRow[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: '1rem' }}>
      {rows.map((row) => (
        <ItemRow key={row.itemId} row={row} />
      ))}
    </ul>
  );
}
