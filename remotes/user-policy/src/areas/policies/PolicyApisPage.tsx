import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GAME_APIS_PATH, type GameApi, type Policy } from '@phoenix/contract';
import { ApiRequestError, describeError, resourceKeys, useApi, useServerPicker, useToast, useTranslation } from '@phoenix/shell';
import {
  Alert,
  Button,
  Checkbox,
  ErrorState,
  FormActions,
  LoadingBlock,
  Mono,
  PageBody,
  PageHeader,
  Panel,
  PickerNotice,
  TextField,
} from '@phoenix/ui';
import { usePolicyFromUrl } from './usePolicyFromUrl';

/** policies/restrictApis?id=: the policy's restricted APIs, ticked from the catalogue and saved as a whole (versioned). */
export default function PolicyApisPage() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { id, policy } = usePolicyFromUrl();
  // Searched on the server (name or code): ticks outside the page shown stay in `picked`.
  const catalogue = useServerPicker<GameApi>(GAME_APIS_PATH, { pageSize: 100 });
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const current = policy.data;
  // Start from the saved APIs each time the policy (re)loads at a new version.
  useEffect(() => {
    if (current) setPicked(new Set(current.apiIds));
  }, [current?.id, current?.version]); // eslint-disable-line react-hooks/exhaustive-deps

  const title = current ? t('policyApis.titleOf', { name: current.name }) : t('policyApis.title');
  if (id === null || policy.isNotFound) {
    return (
      <PageBody>
        <PageHeader title={t('policyApis.title')} />
        <ErrorState message={t('policies.notFound')} />
      </PageBody>
    );
  }
  const error = (policy.error ?? catalogue.error) as Error | null;
  if (error) {
    return (
      <PageBody>
        <PageHeader title={title} />
        <ErrorState message={describeError(error)} onRetry={() => policy.refetch()} />
      </PageBody>
    );
  }
  if (!current || catalogue.isLoading || !picked) return <LoadingBlock />;

  const toggle = (apiId: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(apiId)) next.delete(apiId);
      else next.add(apiId);
      return next;
    });

  const save = async () => {
    setSaving(true);
    setConflict(false);
    try {
      const saved = await api.put<Policy>(`/policies/${current.id}/apis`, { apiIds: [...picked], version: current.version });
      queryClient.setQueryData(resourceKeys.detail('policies', current.id), saved);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('policies') });
      toast.success(t('policyApis.saved', { name: saved.name }));
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 409) {
        setConflict(true);
        policy.refetch();
      } else toast.error(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageBody>
      <PageHeader title={title} description={t('policyApis.description')} />
      {conflict && <Alert title={t('policyApis.conflictTitle')}>{t('policyApis.conflictBody')}</Alert>}
      <Panel>
        <fieldset>
          <legend>{t('policyApis.legend', { count: picked.size })}</legend>
          <TextField label={t('policyApis.find')} type="search" value={catalogue.q} onChange={(e) => catalogue.setQ(e.target.value)} />
          <PickerNotice shown={catalogue.items.length} total={catalogue.total} />
          {catalogue.items.map((gameApi) => (
            <Checkbox
              key={gameApi.id}
              label={
                <>
                  {gameApi.name} <Mono>{gameApi.code}</Mono>
                </>
              }
              hint={gameApi.description}
              checked={picked.has(gameApi.id)}
              onChange={() => toggle(gameApi.id)}
            />
          ))}
        </fieldset>
        <FormActions>
          <Button variant="primary" loading={saving} onClick={() => void save()}>
            {t('policyApis.save')}
          </Button>
        </FormActions>
      </Panel>
    </PageBody>
  );
}
