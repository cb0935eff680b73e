import { BASIS_POINTS_TOTAL, basisPointsToPercent, lootboxesResource, probabilityTotal } from '@phoenix/contract';
import { FieldArray, RecordFormPage, useTranslation } from '@phoenix/shell';
import { TextField } from '@phoenix/ui';
import { RewardFields, type RewardValues } from './RewardFields';

interface Values {
  name: string;
  price: number;
  rewards: (RewardValues & { probability: number })[];
}

const newReward = (probability: number): Values['rewards'][number] => ({ kind: 'points', itemId: null, amount: 100, probability });

/** A lootbox: name, price in points, and rewards whose probabilities (basis points) must add up to exactly 100.00%. */
export default function LootboxForm() {
  const { t } = useTranslation('points');
  return (
    <RecordFormPage
      resource={lootboxesResource}
      titles={{ create: t('lootbox.newTitle'), edit: () => t('lootbox.editTitle') }}
      empty={{ name: '', price: 100, rewards: [newReward(BASIS_POINTS_TOTAL)] } as Values}
      toValues={({ name, price, rewards }) => ({
        name,
        price,
        rewards: rewards.map(({ kind, itemId, amount, probability }) => ({ kind, itemId, amount, probability })),
      })}
    >
      {(form) => {
        // The running total as it is typed, and what is missing or over.
        const { total, missing, over } = probabilityTotal((form.rhf.watch('rewards') ?? []).map((r) => r?.probability));
        const status = missing > 0 ? 'missing' : over > 0 ? 'over' : 'exact';
        const gap = basisPointsToPercent(missing || over);
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('name')} />
            <TextField
              label={t('lootbox.fields.price')}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              required
              {...form.numberField('price')}
            />
            <FieldArray
              form={form}
              name="rewards"
              legend={t('lootbox.fields.rewards')}
              addLabel={t('lootbox.addReward')}
              min={1}
              newRow={() => newReward(missing)}
              rowLabel={(i) => t('lootbox.rewardRow', { n: i + 1 })}
              footer={
                <p role="status" aria-live="polite">
                  <strong>{t('lootbox.total', { percent: basisPointsToPercent(total) })}</strong> {t(`lootbox.${status}`, { percent: gap })}
                </p>
              }
            >
              {(index) => (
                <>
                  <RewardFields form={form} rows="rewards" index={index} />
                  <TextField
                    label={t('lootbox.probabilityN', { n: index + 1 })}
                    hint={t('lootbox.probabilityHint', {
                      percent: basisPointsToPercent(Number(form.rhf.watch(`rewards.${index}.probability`)) || 0),
                    })}
                    type="number"
                    min={1}
                    max={BASIS_POINTS_TOTAL}
                    step={1}
                    inputMode="numeric"
                    required
                    {...form.numberField(`rewards.${index}.probability`)}
                  />
                </>
              )}
            </FieldArray>
          </>
        );
      }}
    </RecordFormPage>
  );
}
