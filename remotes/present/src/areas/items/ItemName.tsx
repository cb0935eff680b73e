import { formatNumber } from '@phoenix/ui';
import { useItem } from './useCatalogue';

/** A catalogue item by id, as "✚ Health Potion × 3" (the id until the catalogue answers). */
export function ItemName({ id, quantity }: { id: number; quantity?: number }) {
  const item = useItem(id).data;
  const name = item ? `${item.glyph} ${item.name}` : `#${id}`;
  return <>{quantity === undefined ? name : `${name} × ${formatNumber(quantity)}`}</>;
}
