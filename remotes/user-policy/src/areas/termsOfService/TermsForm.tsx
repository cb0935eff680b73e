import { termsOfServiceResource } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { DateTimeField, TextArea, TextField, formatDateTime } from '@phoenix/ui';
import { TermsAside } from './TermsAside';

interface Values {
  title: string;
  body: string;
  effectiveAt: string | undefined;
}

/** A draft is edited here; a published version is shown read-only (the BFF refuses changes too). */
export default function TermsForm() {
  const { t } = useTranslation('userPolicy');
  return (
    <RecordFormPage
      resource={termsOfServiceResource}
      labelOf={(v) => `"${v.title}"`}
      titles={{ create: t('terms.newTitle'), edit: (v) => t('terms.editTitle', { title: v.title }) }}
      empty={{ title: '', body: '', effectiveAt: new Date().toISOString() } as Values}
      toValues={({ title, body, effectiveAt }) => ({ title, body, effectiveAt })}
      readOnly={(v) => (v.publishedAt ? t('terms.readOnly', { at: formatDateTime(v.publishedAt), by: v.publishedBy ?? '—' }) : null)}
      aside={(form) => <TermsAside title={form.rhf.watch('title')} body={form.rhf.watch('body')} />}
    >
      {(form) => {
        const effective = form.bind<string | undefined>('effectiveAt');
        return (
          <>
            <TextField label={t('terms.titleField')} required autoComplete="off" {...form.field('title')} />
            <TextArea label={t('terms.body')} required rows={16} hint={t('terms.bodyHint')} {...form.field('body')} />
            <DateTimeField
              label={t('terms.effectiveAt')}
              required
              hint={t('terms.effectiveHint')}
              {...effective}
              onChange={(iso) => effective.onChange(iso ?? undefined)}
            />
          </>
        );
      }}
    </RecordFormPage>
  );
}
