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
      titles={{ create: t('termsOfService.newTitle'), edit: (v) => t('termsOfService.editTitleOf', { title: v.title }) }}
      empty={{ title: '', body: '', effectiveAt: new Date().toISOString() } as Values}
      toValues={({ title, body, effectiveAt }) => ({ title, body, effectiveAt })}
      readOnly={(v) =>
        v.publishedAt ? t('termsOfService.readOnly', { at: formatDateTime(v.publishedAt), by: v.publishedBy ?? '—' }) : null
      }
      aside={(form) => <TermsAside title={form.rhf.watch('title')} body={form.rhf.watch('body')} />}
    >
      {(form) => {
        const effective = form.bind<string | undefined>('effectiveAt');
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('title')} />
            <TextArea label={t('termsOfService.body')} required rows={16} hint={t('termsOfService.bodyHint')} {...form.field('body')} />
            <DateTimeField
              label={t('termsOfService.fields.effectiveAt')}
              required
              hint={t('termsOfService.effectiveHint')}
              {...effective}
              onChange={(iso) => effective.onChange(iso ?? undefined)}
            />
          </>
        );
      }}
    </RecordFormPage>
  );
}
