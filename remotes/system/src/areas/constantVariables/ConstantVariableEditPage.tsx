import { Link, useSearchParams } from 'react-router-dom';
import { constantVariableUpdateSchema, type ConstantVariable, type ConstantVariableUpdate } from '@phoenix/contract';
import { describeError, useResource, useResourceMutation } from '@phoenix/shell';
import { ButtonLink, EmptyState, ErrorState, LoadingBlock, PageBody, PageHeader, Panel } from '@phoenix/ui';
import { ConstantVariableForm } from './ConstantVariableForm';
import { CONSTANT_VARIABLES, LIST_PATH } from './constantVariablePaths';

/** Edit pages take no path parameter (PRODUCT §2): the record is `?id=`. */
function useIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
}

function NotFound({ message }: { message: string }) {
  return (
    <Panel>
      <EmptyState
        title="Constant variable not found"
        action={
          <ButtonLink as={Link} to={LIST_PATH}>
            Back to constant variables
          </ButtonLink>
        }
      >
        {message}
      </EmptyState>
    </Panel>
  );
}

export default function ConstantVariableEditPage() {
  const id = useIdParam();
  const { data, isLoading, error, isNotFound, refetch } = useResource<ConstantVariable>(CONSTANT_VARIABLES, id);
  const { update } = useResourceMutation<ConstantVariable, Omit<ConstantVariableUpdate, 'version'>>(CONSTANT_VARIABLES, {
    toastErrors: false,
    messages: { updated: (cv) => `Saved ${cv.key}.` },
  });

  let content;
  if (id === null) content = <NotFound message="The link has no valid variable id. Open the variable from the list." />;
  else if (isNotFound) content = <NotFound message={`There is no constant variable ${id}. It may have been deleted.`} />;
  else if (error) content = <ErrorState message={describeError(error)} onRetry={refetch} />;
  else if (isLoading || !data) content = <LoadingBlock label="Loading the variable…" />;
  else
    content = (
      <ConstantVariableForm
        // A different record (or a reload after a conflict elsewhere) starts a fresh form.
        key={data.id}
        schema={constantVariableUpdateSchema}
        initialValues={{ key: data.key, type: data.type, value: data.value, description: data.description, version: data.version }}
        onSubmit={({ version, ...values }) => update.mutateAsync({ id: data.id, values: { ...values, version } })}
        submitLabel="Save changes"
      />
    );

  return (
    <PageBody>
      <PageHeader title={data ? `Edit ${data.key}` : 'Edit constant variable'} />
      {content}
    </PageBody>
  );
}
