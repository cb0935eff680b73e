import { constantVariableCreateSchema, type ConstantVariable, type ConstantVariableCreate } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { PageBody, PageHeader } from '@phoenix/ui';
import { ConstantVariableForm, type ConstantVariableValues } from './ConstantVariableForm';
import { CONSTANT_VARIABLES } from './constantVariablePaths';

const EMPTY: ConstantVariableValues = { key: '', type: 'string', value: '', description: '' };

export default function ConstantVariableCreatePage() {
  // The form shows failures itself (fields, conflict panel): no error toast.
  const { create } = useResourceMutation<ConstantVariable, ConstantVariableCreate>(CONSTANT_VARIABLES, {
    toastErrors: false,
    messages: { created: (cv) => `Created ${cv.key}.` },
  });
  return (
    <PageBody>
      <PageHeader title="New constant variable" />
      <ConstantVariableForm schema={constantVariableCreateSchema} initialValues={EMPTY} onSubmit={(v) => create.mutateAsync(v)} submitLabel="Create variable" />
    </PageBody>
  );
}
