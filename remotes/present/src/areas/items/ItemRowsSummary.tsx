import type { ItemQuantityRow } from '@phoenix/contract';
import { ItemName } from './ItemName';

/** "Coin × 500, Gem × 10": the rows of a present (or a reward), names from the catalogue. */
export function ItemRowsSummary({ rows }: { rows: readonly ItemQuantityRow[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: '1rem' }}>
      {rows.map((row) => (
        <li key={row.itemId}>
          <ItemName id={row.itemId} quantity={row.quantity} />
        </li>
      ))}
    </ul>
  );
}
