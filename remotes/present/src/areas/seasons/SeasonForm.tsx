import { seasonsResource } from '@phoenix/contract';
import { FieldArray, RecordFormPage, useTranslation } from '@phoenix/shell';
import { Alert, DateTimeRangeFields, TextField } from '@phoenix/ui';
import { ItemPicker } from '../items/ItemPicker';

type Reward = { itemId: number | undefined; quantity: number };
interface Values {
  name: string;
  startsAt: string | undefined;
  endsAt: string | undefined;
  premiumPrice: number;
  tiers: { level: number; xpRequired: number; freeReward: Reward; premiumReward: Reward }[];
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const newTier = (level: number, xpRequired: number) => ({
  level,
  xpRequired,
  freeReward: { itemId: undefined, quantity: 1 },
  premiumReward: { itemId: undefined, quantity: 1 },
});

export default function SeasonForm() {
  const { t } = useTranslation('present');
  return (
    <RecordFormPage
      resource={seasonsResource}
      titles={{ create: t('seasons.newTitle'), edit: () => t('seasons.editTitle') }}
      readOnly={(season) => (season.status === 'ended' ? t('seasons.endedReadOnly') : null)}
      empty={{ name: '', startsAt: inDays(7), endsAt: inDays(37), premiumPrice: 980, tiers: [newTier(1, 0)] } as Values}
      toValues={({ name, startsAt, endsAt, premiumPrice, tiers }) => ({ name, startsAt, endsAt, premiumPrice, tiers })}
    >
      {(form, record) => {
        const start = form.bind<string | undefined>('startsAt');
        const end = form.bind<string | undefined>('endsAt');
        const tiers = form.rhf.watch('tiers') ?? [];
        const last = tiers.at(-1);
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('name')} />
            <DateTimeRangeFields
              legend={t('seasons.fields.period')}
              start={{ label: t('seasons.startsAt'), required: true, ...start, onChange: (iso) => start.onChange(iso ?? undefined) }}
              end={{
                label: t('seasons.endsAt'),
                required: true,
                hint: t('seasons.noOverlap'),
                ...end,
                onChange: (iso) => end.onChange(iso ?? undefined),
              }}
            />
            <TextField label={t('seasons.fields.premiumPrice')} type="number" min={0} required {...form.numberField('premiumPrice')} />
            {record?.status === 'active' && <Alert tone="warning">{t('seasons.startedRules')}</Alert>}
            <FieldArray
              form={form}
              name="tiers"
              legend={t('seasons.fields.tiers')}
              addLabel={t('seasons.addTier')}
              min={1}
              newRow={() => newTier((Number(last?.level) || 0) + 1, (Number(last?.xpRequired) || 0) + 1000)}
              rowLabel={(i) => t('seasons.tierRow', { n: i + 1 })}
            >
              {(index) => {
                const free = form.bind<number | undefined>(`tiers.${index}.freeReward.itemId`);
                const premium = form.bind<number | undefined>(`tiers.${index}.premiumReward.itemId`);
                const n = index + 1;
                return (
                  <>
                    <TextField
                      label={t('seasons.levelN', { n })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`tiers.${index}.level`)}
                    />
                    <TextField
                      label={t('seasons.xpN', { n })}
                      type="number"
                      min={0}
                      required
                      {...form.numberField(`tiers.${index}.xpRequired`)}
                    />
                    <ItemPicker label={t('seasons.freeN', { n })} {...free} />
                    <TextField
                      label={t('seasons.freeQtyN', { n })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`tiers.${index}.freeReward.quantity`)}
                    />
                    <ItemPicker label={t('seasons.premiumN', { n })} {...premium} />
                    <TextField
                      label={t('seasons.premiumQtyN', { n })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`tiers.${index}.premiumReward.quantity`)}
                    />
                  </>
                );
              }}
            </FieldArray>
          </>
        );
      }}
    </RecordFormPage>
  );
}
