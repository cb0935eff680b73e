import {
  TREASURE_CHEST_RARITIES,
  SHOP_CURRENCIES,
  treasureChestResource,
  dropChances,
  type TreasureChest,
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
      resource={treasureChestResource}
      labelOf={(chest: TreasureChest) => `"${chest.name}"`}
      titles={{ create: t('chests.newTitle'), edit: () => t('chests.editTitle') }}
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
            <TextField label={t('chests.name')} required autoComplete="off" {...form.field('name')} />
            <FieldRow>
              <Select
                label={t('chests.rarity')}
                required
                placeholder={t('chests.pickRarity')}
                options={enumOptions(TREASURE_CHEST_RARITIES, (r) => t(`chests.rarities.${r}`))}
                {...form.field('rarity')}
              />
              <TextField label={t('chests.openCost')} type="number" min={0} required {...form.numberField('openCost')} />
              <Select
                label={t('shop.currency')}
                required
                placeholder={t('shop.pickCurrency')}
                options={enumOptions(SHOP_CURRENCIES, (c) => t(`shop.currencies.${c}`))}
                {...form.field('costCurrency')}
              />
            </FieldRow>
            <FieldArray
              form={form}
              name="drops"
              legend={t('chests.drops')}
              addLabel={t('chests.addDrop')}
              min={1}
              newRow={() => ({ itemId: undefined, quantity: 1, weight: 1 })}
              rowLabel={(i) => t('chests.dropRow', { n: i + 1 })}
              footer={<p>{t('chests.totalWeight', { total: formatNumber(total) })}</p>}
            >
              {(index) => {
                const item = form.bind<number | undefined>(`drops.${index}.itemId`);
                return (
                  <>
                    <ItemPicker label={t('chests.itemN', { n: index + 1 })} {...item} />
                    <TextField
                      label={t('chests.quantityN', { n: index + 1 })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`drops.${index}.quantity`)}
                    />
                    <TextField
                      label={t('chests.weightN', { n: index + 1 })}
                      type="number"
                      min={1}
                      required
                      {...form.numberField(`drops.${index}.weight`)}
                    />
                    <output aria-label={t('chests.chanceN', { n: index + 1 })} style={{ alignSelf: 'center', fontWeight: 600 }}>
                      {t('chests.percent', { value: (chances[index] ?? 0).toFixed(2) })}
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
