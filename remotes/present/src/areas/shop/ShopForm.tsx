import { SHOP_CURRENCIES, shopItemsResource, type ShopCurrency } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { Checkbox, DateTimeRangeFields, FieldRow, Select, TextField, enumOptions } from '@phoenix/ui';
import { ItemPicker } from '../items/ItemPicker';

interface Values {
  itemId: number | undefined;
  quantity: number;
  price: number;
  currency: ShopCurrency | '';
  stock: number | null;
  saleStart: string | undefined;
  saleEnd: string | null;
  enabled: boolean;
}

export default function ShopForm() {
  const { t } = useTranslation('present');
  return (
    <RecordFormPage
      resource={shopItemsResource}
      titles={{ create: t('shop.newTitle'), edit: (item) => t('shop.editTitleOf', { position: item.sortOrder }) }}
      empty={
        {
          itemId: undefined,
          quantity: 1,
          price: 100,
          currency: '',
          stock: null,
          saleStart: new Date().toISOString(),
          saleEnd: null,
          enabled: true,
        } as Values
      }
      toValues={({ itemId, quantity, price, currency, stock, saleStart, saleEnd, enabled }) => ({
        itemId,
        quantity,
        price,
        currency,
        stock,
        saleStart,
        saleEnd,
        enabled,
      })}
    >
      {(form) => {
        const item = form.bind<number | undefined>('itemId');
        const stock = form.bind<number | null>('stock');
        const start = form.bind<string | undefined>('saleStart');
        const end = form.bind<string | null>('saleEnd');
        return (
          <>
            <FieldRow>
              <ItemPicker label={t('shop.fields.item')} {...item} />
              <TextField label={t('shop.quantity')} type="number" min={1} required {...form.numberField('quantity')} />
            </FieldRow>
            <FieldRow>
              <TextField label={t('shop.fields.price')} type="number" min={1} required {...form.numberField('price')} />
              <Select
                label={t('shop.fields.currency')}
                required
                placeholder={t('shop.pickCurrency')}
                options={enumOptions(SHOP_CURRENCIES, (c) => t(`shop.currencies.${c}`))}
                {...form.field('currency')}
              />
            </FieldRow>
            <FieldRow>
              <Checkbox
                label={t('shop.unlimited')}
                checked={stock.value === null}
                onChange={(e) => stock.onChange(e.target.checked ? null : 0)}
              />
              {stock.value !== null && (
                <TextField label={t('shop.fields.stock')} type="number" min={0} required {...form.numberField('stock')} />
              )}
            </FieldRow>
            <DateTimeRangeFields
              legend={t('shop.fields.period')}
              start={{ label: t('shop.saleStart'), required: true, ...start, onChange: (iso) => start.onChange(iso ?? undefined) }}
              end={{ label: t('shop.saleEnd'), hint: t('shop.noEndHint'), ...end }}
            />
            <Checkbox {...form.labelled('enabled')} />
          </>
        );
      }}
    </RecordFormPage>
  );
}
