import { SPIN_SEGMENTS_MIN, dropChances, spinWheelDocument, type SpinWheel } from '@phoenix/contract';
import { DocumentPage, FieldArray, useTranslation } from '@phoenix/shell';
import { TextField } from '@phoenix/ui';
import { RewardFields } from './RewardFields';

const toValues = (wheel: SpinWheel) => ({
  segments: wheel.segments.map(({ kind, itemId, amount, weight }) => ({ kind, itemId, amount, weight })),
  freeSpinsPerDay: wheel.freeSpinsPerDay,
});

/** The one spin wheel: segments (reward, weight > 0) with each one's chance as typed, free spins a day; history and restore. */
export default function SpinWheelPage() {
  const { t } = useTranslation('points');
  return (
    <DocumentPage document={spinWheelDocument} title={t('spin.title')} description={t('spin.description')} toValues={toValues}>
      {(form) => {
        // The chance a player is shown, from the weights as they are typed (adding up to exactly 100).
        const chances = dropChances((form.rhf.watch('segments') ?? []).map((segment) => Number(segment?.weight)));
        return (
          <>
            <TextField
              label={t('spin.freeSpins')}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              required
              {...form.numberField('freeSpinsPerDay')}
            />
            <FieldArray
              form={form}
              name="segments"
              legend={t('spin.segments')}
              addLabel={t('spin.addSegment')}
              min={SPIN_SEGMENTS_MIN}
              newRow={() => ({ kind: 'points' as const, itemId: null, amount: 10, weight: 1 })}
              rowLabel={(i) => t('spin.segmentRow', { n: i + 1 })}
            >
              {(index) => (
                <>
                  <RewardFields form={form} rows="segments" index={index} />
                  <TextField
                    label={t('spin.weightN', { n: index + 1 })}
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    required
                    {...form.numberField(`segments.${index}.weight`)}
                  />
                  <output aria-label={t('spin.chanceN', { n: index + 1 })} style={{ alignSelf: 'center', fontWeight: 600 }}>
                    {t('games.percent', { value: (chances[index] ?? 0).toFixed(2) })}
                  </output>
                </>
              )}
            </FieldArray>
          </>
        );
      }}
    </DocumentPage>
  );
}
