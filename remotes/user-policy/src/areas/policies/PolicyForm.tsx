import { policiesResource } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { TextArea, TextField } from '@phoenix/ui';

/** policies/create and policies/edit?id=: name and description (the APIs are on policies/restrictApis). */
export default function PolicyForm() {
  const { t } = useTranslation('userPolicy');
  return (
    <RecordFormPage
      resource={policiesResource}
      titles={{ create: t('policies.newTitle'), edit: () => t('policies.editTitle') }}
      empty={{ name: '', description: '' }}
      toValues={({ name, description }) => ({ name, description })}
    >
      {(form) => (
        <>
          <TextField required autoComplete="off" {...form.labelled('name')} />
          <TextArea rows={4} {...form.labelled('description')} />
        </>
      )}
    </RecordFormPage>
  );
}
