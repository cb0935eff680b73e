import { presentsResource } from '@phoenix/contract';
import { FieldArray, RecordFormPage, useTranslation } from '@phoenix/shell';
import { Alert, DateTimeRangeFields, TextArea, TextField, formatDateTime } from '@phoenix/ui';
import { ItemPicker } from '../items/ItemPicker';
import { ItemRowsSummary } from '../items/ItemRowsSummary';

/** Item rows hold a catalogue id (undefined until picked: the schema says "Pick an item"). */
interface Values {
  name: string;
  description: string;
  startsAt: string | undefined;
  endsAt: string | undefined;
  items: { itemId: number | undefined; quantity: number }[];
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export default function PresentForm() {
  const { t } = useTranslation('present');
  return (
    <RecordFormPage
      resource={presentsResource}
      titles={{ create: t('presents.newTitle'), edit: () => t('presents.editTitle') }}
      empty={
        {
          name: '',
          description: '',
          startsAt: new Date().toISOString(),
          endsAt: inDays(7),
          items: [{ itemId: undefined, quantity: 1 }],
        } as Values
      }
      toValues={({ name, description, startsAt, endsAt, items }) => ({ name, description, startsAt, endsAt, items })}
    >
      {(form, record) => {
        const start = form.bind<string | undefined>('startsAt');
        const end = form.bind<string | undefined>('endsAt');
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('name')} />
            <TextArea label={t('presents.descriptionField')} rows={3} {...form.field('description')} />
            <DateTimeRangeFields
              legend={t('presents.fields.period')}
              start={{ label: t('presents.startsAt'), required: true, ...start, onChange: (iso) => start.onChange(iso ?? undefined) }}
              end={{
                label: t('presents.endsAt'),
                required: true,
                hint: t('presents.periodHint'),
                ...end,
                onChange: (iso) => end.onChange(iso ?? undefined),
              }}
            />
            {record?.distributedAt ? (
              <Alert tone="warning" title={t('presents.itemsFrozenTitle')}>
                {t('presents.itemsFrozen', { at: formatDateTime(record.distributedAt) })}
                <ItemRowsSummary rows={record.items} />
              </Alert>
            ) : (
              <FieldArray
                form={form}
                name="items"
                legend={t('presents.fields.items')}
                addLabel={t('presents.addItem')}
                min={1}
                newRow={() => ({ itemId: undefined, quantity: 1 })}
                rowLabel={(i) => t('presents.itemRow', { n: i + 1 })}
              >
                {(index) => {
                  const item = form.bind<number | undefined>(`items.${index}.itemId`);
                  return (
                    <>
                      <ItemPicker label={t('presents.itemN', { n: index + 1 })} {...item} />
                      <TextField
                        label={t('presents.quantityN', { n: index + 1 })}
                        type="number"
                        min={1}
                        required
                        {...form.numberField(`items.${index}.quantity`)}
                      />
                    </>
                  );
                }}
              </FieldArray>
            )}
          </>
        );
      }}
    </RecordFormPage>
  );
}
