import {
  TREASURE_CHEST_RARITIES,
  SHOP_CURRENCIES,
  treasureChestsResource,
  dropChances,
  type TreasureChestRarity,
  type ShopCurrency,
} from '@phoenix/contract';
import { FieldArray, RecordFormPage, useTranslation } from '@phoenix/shell';
import { FieldRow, Select, TextField, enumOptions, formatNumber } from '@phoenix/ui';
import { ItemPicker } from '../items/ItemPicker';

interface Values {
  name: string;
  rarity: TreasureChestRarity | '';
  openCost: number;
  costCurrency: ShopCurrency | '';
  drops: { itemId: number | undefined; quantity: number; weight: number }[];
}

export default function TreasureChestForm() {
  const { t } = useTranslation('present');
  return (
    <RecordFormPage
      resource={treasureChestsResource}
      titles={{ create: t('treasureChests.newTitle'), edit: () => t('treasureChests.editTitle') }}
      empty={{ name: '', rarity: '', openCost: 100, costCurrency: '', drops: [{ itemId: undefined, quantity: 1, weight: 1 }] } as Values}
      toValues={({ name, rarity, openCost, costCurrency, drops }) => ({
        name,
        rarity,
        openCost,
        costCurrency,
        drops: drops.map(({ itemId, quantity, weight }) => ({ itemId, quantity, weight })),
      })}
    >
      {(form) => {
        // The odds as a player would be shown them, recomputed as the weights are typed.
        const weights = (form.rhf.watch('drops') ?? []).map((drop) => Number(drop?.weight));
        const chances = dropChances(weights);
        const total = weights.reduce((sum, w) => sum + (Number.isFinite(w) && w > 0 ? w : 0), 0);
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('name')} />
            <FieldRow>
              <Select
                label={t('treasureChests.fields.rarity')}
                required
                placeholder={t('treasureChests.pickRarity')}
                options={enumOptions(TREASURE_CHEST_RARITIES, (r) => t(`treasureChests.rarities.${r}`))}
                {...form.field('rarity')}
              />
              <TextField label={t('treasureChests.fields.openCost')} type="number" min={0} required {...form.numberField('openCost')} />
              <Select
                label={t('shop.fields.currency')}
                required
                placeholder={t('shop.pickCurrency')}
                options={enumOptions(SHOP_CURRENCIES, (c) => t(`shop.currencies.${c}`))}
                {...form.field('costCurrency')}
              />
            </FieldRow>
            <FieldArray
              form={form}
              name="drops"
              legend={t('treasureChests.fields.drops')}
              addLabel={t('treasureChests.addDrop')}
              min={1}
              newRow={() => ({ itemId: undefined, quantity: 1, weight: 1 })}
              rowLabel={(i) => t('treasureChests.dropRow', { n: i + 1 })}
              footer={<p>{t('treasureChests.totalWeight', { total: formatNumber(total) })}</p>}
            >
              {(index) => {
                const item = form.bind<number | undefined>(`drops.${index}.itemId`);
                return (
                  <>
                    <ItemPicker label={t('treasureChests.itemN', { n: index + 1 })} {...item} />
                    <TextField
                      label={t('treasureChests.quantityN', { n: index + 1 })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`drops.${index}.quantity`)}
                    />
                    <TextField
                      label={t('treasureChests.weightN', { n: index + 1 })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`drops.${index}.weight`)}
                    />
                    <output aria-label={t('treasureChests.chanceN', { n: index + 1 })} style={{ alignSelf: 'center', fontWeight: 600 }}>
                      {t('treasureChests.percent', { value: (chances[index] ?? 0).toFixed(2) })}
                    </output>
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
