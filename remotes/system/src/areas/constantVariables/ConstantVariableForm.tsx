import { CONSTANT_VALUE_TYPES, constantVariablesResource, type ConstantValueType } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { Mono, Select, TextArea, TextField, enumOptions } from '@phoenix/ui';

/** The value travels as text whatever its type (the contract's valueTypeError checks it). */
interface Values {
  key: string;
  type: ConstantValueType | '';
  value: string;
  description: string;
}

export default function ConstantVariableForm() {
  const { t } = useTranslation('system');
  return (
    <RecordFormPage
      resource={constantVariablesResource}
      empty={{ key: '', type: 'string', value: '', description: '' } as Values}
      toValues={({ key, type, value, description }) => ({ key, type, value, description })}
      conflictSummary={(theirs) => <Mono>{`${theirs.key} (${theirs.type}) = ${theirs.value}`}</Mono>}
    >
      {(form) => {
        const type = form.rhf.watch('type');
        const valueHint = type ? t(`constantVariables.hints.${type}`) : undefined;
        return (
          <>
            <TextField required autoComplete="off" spellCheck={false} hint="e.g. battle.maxTurns" {...form.labelled('key')} />
            <Select
              label={t('constantVariables.fields.type')}
              required
              options={enumOptions(CONSTANT_VALUE_TYPES, (v) => t(`constantVariables.types.${v}`))}
              placeholder={t('constantVariables.pickType')}
              {...form.field('type')}
            />
            {type === 'json' ? (
              <TextArea rows={8} spellCheck={false} hint={valueHint} {...form.labelled('value')} />
            ) : type === 'boolean' ? (
              <Select options={enumOptions(['true', 'false'])} placeholder={t('constantVariables.pickValue')} {...form.labelled('value')} />
            ) : (
              <TextField spellCheck={false} hint={valueHint} {...form.labelled('value')} />
            )}
            <TextArea rows={3} hint={t('constantVariables.descriptionHint')} {...form.labelled('description')} />
          </>
        );
      }}
    </RecordFormPage>
  );
}
