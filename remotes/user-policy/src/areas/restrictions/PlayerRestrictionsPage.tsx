import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { GAME_APIS_PATH, type GameApi, type Player, type PlayerRestrictions } from '@phoenix/contract';
import { ApiRequestError, describeError, useApi, useConfirm, useResource, useServerPicker, useToast, useTranslation } from '@phoenix/shell';
import {
  Button,
  DateTimeField,
  ErrorState,
  FormActions,
  LoadingBlock,
  Mono,
  PageBody,
  PageHeader,
  Panel,
  PickerNotice,
  PlainTable,
  Select,
  TableHead,
  TextField,
  formatDateTime,
} from '@phoenix/ui';
import { EffectiveRestrictionsTable, PlayerPolicyList } from '../common/EffectiveRestrictions';
import { playerRestrictionsKey, usePlayerRestrictions } from '../common/playerRestrictions';

/**
 * user/restrictApis?id=<player>: the APIs blocked for one player directly (add with an optional
 * end, lift), and the effective ones: direct ∪ every policy the player is in, with source and end.
 */
export default function PlayerRestrictionsPage() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const player = useResource<Player>('players', id);
  const key = playerRestrictionsKey(id);
  const restrictions = usePlayerRestrictions(id);
  // Searched on the server (name or code), not stopped at the first page.
  const catalogue = useServerPicker<GameApi>(GAME_APIS_PATH, { pageSize: 100 });
  const [apiId, setApiId] = useState('');
  const [chosen, setChosen] = useState<GameApi | null>(null);
  const [endsAt, setEndsAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  if (id === null || player.isNotFound) {
    return (
      <PageBody>
        <PageHeader title={t('restrictions.title')} />
        <ErrorState message={t('restrictions.noPlayer')} />
      </PageBody>
    );
  }
  const error = (player.error ?? restrictions.error ?? catalogue.error) as Error | null;
  if (error) return <ErrorState message={describeError(error)} onRetry={() => void restrictions.refetch()} />;
  if (!player.data || !restrictions.data || catalogue.isLoading) return <LoadingBlock />;
  const { direct, effective, policies } = restrictions.data;
  const restricted = new Set(direct.map((r) => r.apiId));

  const add = async () => {
    setSaving(true);
    setErrors({});
    try {
      await api.post(`/players/${id}/restrictions`, { apiId: apiId ? Number(apiId) : undefined, endsAt });
      toast.success(t('restrictions.added'));
      setApiId('');
      setEndsAt(null);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 400) setErrors(e.fieldErrors);
      else toast.error(e);
    } finally {
      setSaving(false);
    }
  };

  const lift = async (restriction: PlayerRestrictions['direct'][number]) => {
    if (
      !(await confirm({ title: t('restrictions.liftTitle', { api: restriction.apiName }), okText: t('restrictions.lift'), danger: true }))
    )
      return;
    try {
      await api.delete(`/players/${id}/restrictions/${restriction.apiId}`);
      toast.success(t('restrictions.lifted', { api: restriction.apiName }));
    } catch (e) {
      toast.error(e);
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };

  return (
    <PageBody>
      <PageHeader title={t('restrictions.titleOf', { name: player.data.name, id })} description={t('restrictions.description')} />
      <Panel aria-labelledby="restrict-add-title">
        <h2 id="restrict-add-title">{t('restrictions.addTitle')}</h2>
        <TextField label={t('restrictions.findApi')} type="search" value={catalogue.q} onChange={(e) => catalogue.setQ(e.target.value)} />
        <Select
          label={t('restrictions.api')}
          required
          placeholder={t('restrictions.pickApi')}
          options={[...(chosen && !catalogue.items.some((a) => a.id === chosen.id) ? [chosen] : []), ...catalogue.items]
            .filter((a) => !restricted.has(a.id))
            .map((a) => ({ value: String(a.id), label: `${a.name} (${a.code})` }))}
          value={apiId}
          onChange={(e) => {
            setApiId(e.target.value);
            setChosen(catalogue.items.find((a) => String(a.id) === e.target.value) ?? chosen);
          }}
          error={errors.apiId?.[0]}
        />
        <PickerNotice shown={catalogue.items.length} total={catalogue.total} />
        <DateTimeField
          label={t('restrictions.endsAt')}
          hint={t('restrictions.endsAtHint')}
          value={endsAt}
          onChange={setEndsAt}
          error={errors.endsAt?.[0]}
        />
        <FormActions>
          <Button variant="primary" loading={saving} onClick={() => void add()}>
            {t('restrictions.add')}
          </Button>
        </FormActions>
      </Panel>

      <Panel aria-labelledby="restrict-direct-title">
        <h2 id="restrict-direct-title">{t('restrictions.direct')}</h2>
        {direct.length === 0 ? (
          <p>{t('restrictions.noDirect')}</p>
        ) : (
          <PlainTable>
            <TableHead labels={[t('restrictions.api'), t('restrictions.endsAt'), t('restrictions.addedBy'), t('restrictions.actions')]} />
            <tbody>
              {direct.map((r) => (
                <tr key={r.apiId}>
                  <td>
                    {r.apiName} <Mono>{r.apiCode}</Mono>
                  </td>
                  <td>{r.endsAt ? formatDateTime(r.endsAt) : t('restrictions.untilLifted')}</td>
                  <td>
                    {formatDateTime(r.createdAt)} · {r.createdBy}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void lift(r)}
                      aria-label={t('restrictions.liftLabel', { api: r.apiName })}
                    >
                      {t('restrictions.lift')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        )}
      </Panel>

      <Panel aria-labelledby="restrict-effective-title">
        <h2 id="restrict-effective-title">{t('restrictions.effective')}</h2>
        <EffectiveRestrictionsTable effective={effective} />
        <h3>{t('restrictions.policies')}</h3>
        <PlayerPolicyList policies={policies} />
      </Panel>
    </PageBody>
  );
}
