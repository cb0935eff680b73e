import { POINTS_REWARD_KINDS, type PointsRewardKind } from '@phoenix/contract';
import { useTranslation, type RecordForm } from '@phoenix/shell';
import { Select, TextField, enumOptions } from '@phoenix/ui';
import { CatalogueItemName } from './CatalogueItemName';

/** One reward row as the form holds it: item rows name a catalogue item by id. */
export interface RewardValues {
  kind: PointsRewardKind;
  itemId: number | null;
  amount: number;
}

/**
 * The reward of row `index` of `rows` (a lootbox's rewards, a wheel's segments): item or points,
 * the item's catalogue id (item rewards only), and the amount.
 */
// Any form with reward rows at `rows`: its paths are built at run time, so the values are untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRecordForm = RecordForm<any, any>;

export function RewardFields({ form, rows, index }: { form: AnyRecordForm; rows: 'rewards' | 'segments'; index: number }) {
  const { t } = useTranslation('points');
  const n = index + 1;
  const at = (field: string) => `${rows}.${index}.${field}`;
  const kind = form.rhf.watch(at('kind')) as PointsRewardKind | undefined;
  return (
    <>
      <Select
        label={t('games.kindN', { n })}
        required
        options={enumOptions(POINTS_REWARD_KINDS, (k) => t(`games.kinds.${k}`))}
        {...form.field(at('kind'))}
      />
      {kind === 'item' && (
        <TextField
          label={t('games.itemIdN', { n })}
          hint={t('games.itemIdHint')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          required
          {...form.numberField(at('itemId'))}
        />
      )}
      {kind === 'item' && <CatalogueItemName id={form.rhf.watch(at('itemId'))} label={t('games.itemNameN', { n })} />}
      <TextField
        label={t(kind === 'item' ? 'games.quantityN' : 'games.pointsN', { n })}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        required
        {...form.numberField(at('amount'))}
      />
    </>
  );
}

/** "100 points" or "3 × item #12", for lists. */
export function useRewardLabel() {
  const { t } = useTranslation('points');
  return (reward: { kind: PointsRewardKind; itemId: number | null; amount: number }) =>
    reward.kind === 'points'
      ? t('games.pointsReward', { amount: reward.amount })
      : t('games.itemReward', { amount: reward.amount, id: reward.itemId });
}
