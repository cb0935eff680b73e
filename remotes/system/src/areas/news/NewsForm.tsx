import { NEWS_CATEGORIES, newsResource, type NewsCategory } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { Checkbox, DateTimeRangeFields, Select, TextArea, TextField, enumOptions } from '@phoenix/ui';
import { NewsPreview } from './NewsPreview';

/** Datetimes are ISO instants; the inputs show them in the admin's time zone. */
interface Values {
  title: string;
  body: string;
  category: NewsCategory | '';
  publishStart: string | undefined;
  publishEnd: string | null;
  pinned: boolean;
}

export default function NewsForm() {
  const { t } = useTranslation('system');
  return (
    <RecordFormPage
      resource={newsResource}
      titles={{ create: t('news.newTitle'), edit: () => t('news.editTitle') }}
      // Starts now, no end, not pinned: the admin sets the rest.
      empty={{ title: '', body: '', category: '', publishStart: new Date().toISOString(), publishEnd: null, pinned: false } as Values}
      toValues={({ title, body, category, publishStart, publishEnd, pinned }) => ({
        title,
        body,
        category,
        publishStart,
        publishEnd,
        pinned,
      })}
      aside={(form) => <NewsPreview title={form.rhf.watch('title')} body={form.rhf.watch('body')} />}
    >
      {(form) => {
        const start = form.bind<string | undefined>('publishStart');
        const end = form.bind<string | null>('publishEnd');
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('title')} />
            <TextArea label={t('news.body')} required rows={12} hint={t('news.bodyHint')} {...form.field('body')} />
            <Select
              label={t('news.fields.category')}
              required
              options={enumOptions(NEWS_CATEGORIES, (c) => t(`news.categories.${c}`))}
              placeholder={t('news.pickCategory')}
              {...form.field('category')}
            />
            <DateTimeRangeFields
              legend={t('news.window')}
              start={{
                label: t('news.fields.publishStart'),
                required: true,
                ...start,
                onChange: (iso) => start.onChange(iso ?? undefined),
              }}
              end={{ label: t('news.fields.publishEnd'), hint: t('news.endHint'), ...end }}
            />
            <Checkbox hint={t('news.pinnedHint')} {...form.labelled('pinned')} />
          </>
        );
      }}
    </RecordFormPage>
  );
}
