import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PLAYER_ID,
  MAX_PLAYER_IDS,
  type Page,
  type PolicyMember,
  type PolicyMemberCheck,
  type PolicyMembersAdded,
  type PolicyMembersRemoved,
} from '@phoenix/contract';
import { describeError, resourceKeys, useAddBulkUsers, useApi, useConfirm, useAreaColumns, useToast, useTranslation } from '@phoenix/shell';
import { Button, DataTable, ErrorState, LoadingBlock, PageBody, PageHeader, Pagination, SearchForm, formatDateTime } from '@phoenix/ui';
import { usePolicyFromUrl } from '../policies/usePolicyFromUrl';

const PAGE_SIZE = 50;

/**
 * policies/users_in_policy?id=: the policy's members, newest first, searched by id or name;
 * add in bulk (the shell's addBulkUsers modal: unknown ids and members already in are listed and
 * left out before confirming) and remove the selected ones.
 */
export default function PolicyMembersPage() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const addBulkUsers = useAddBulkUsers();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { id, policy } = usePolicyFromUrl();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [busy, setBusy] = useState(false);

  const membersKey = [...resourceKeys.detail('policies', id ?? ''), 'members'];
  const members = useQuery({
    queryKey: [...membersKey, q, page],
    queryFn: () =>
      api.get<Page<PolicyMember>>(`/policies/${id}/members?${new URLSearchParams({ q, page: String(page), pageSize: String(PAGE_SIZE) })}`),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

  const setQuery = (changes: Record<string, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const columns = useAreaColumns<PolicyMember>([
    { key: 'playerId', render: (m) => m.playerId },
    { key: 'name', render: (m) => m.name },
    { key: 'level', render: (m) => m.level },
    { key: 'addedAt', render: (m) => `${formatDateTime(m.addedAt)} · ${m.addedBy}` },
  ]);

  if (id === null || policy.isNotFound) {
    return (
      <PageBody>
        <PageHeader title={t('policyMembers.title')} />
        <ErrorState message={t('policies.notFound')} />
      </PageBody>
    );
  }
  if (policy.error) return <ErrorState message={describeError(policy.error)} onRetry={policy.refetch} />;
  const current = policy.data;
  if (!current) return <LoadingBlock />;

  const refresh = async () => {
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all('policies') });
  };

  /** Asks the BFF (in batches of MAX_PLAYER_IDS) which ids are not players and which are members already. */
  const check = async (ids: string[]) => {
    const unknown: string[] = [];
    const already: string[] = [];
    const candidates: number[] = [];
    for (const raw of ids) {
      if (raw.length > 10 || Number(raw) > MAX_PLAYER_ID) unknown.push(raw);
      else candidates.push(Number(raw));
    }
    for (let i = 0; i < candidates.length; i += MAX_PLAYER_IDS) {
      const answer = await api.post<PolicyMemberCheck>(`/policies/${id}/members/check`, { ids: candidates.slice(i, i + MAX_PLAYER_IDS) });
      unknown.push(...answer.unknown.map(String));
      already.push(...answer.alreadyMembers.map(String));
    }
    return { unknown, already };
  };

  const add = async () => {
    const ids = await addBulkUsers({
      title: t('policyMembers.addTitle', { name: current.name }),
      okText: t('policyMembers.addOk'),
      validate: check,
    });
    if (!ids) return;
    setBusy(true);
    try {
      let added = 0;
      for (let i = 0; i < ids.length; i += MAX_PLAYER_IDS) {
        const answer = await api.post<PolicyMembersAdded>(`/policies/${id}/members`, { ids: ids.slice(i, i + MAX_PLAYER_IDS).map(Number) });
        added += answer.added;
      }
      toast.success(t('policyMembers.added', { count: added, name: current.name }));
      await refresh();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (keys: (string | number)[]) => {
    const ok = await confirm({
      title: t('policyMembers.removeTitle', { count: keys.length }),
      body: t('policyMembers.removeBody', { name: current.name }),
      okText: t('policyMembers.removeOk'),
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await api.post<PolicyMembersRemoved>(`/policies/${id}/members/remove`, { ids: keys.map(Number) });
      toast.success(t('policyMembers.removed', { count: answer.removed, name: current.name }));
      await refresh();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageBody>
      <PageHeader
        title={t('policyMembers.titleOf', { name: current.name })}
        description={t('policyMembers.description', { count: current.memberCount })}
        actions={
          <Button variant="primary" onClick={() => void add()} loading={busy}>
            {t('policyMembers.add')}
          </Button>
        }
      />
      <SearchForm label={t('policyMembers.search')} value={q} onSearch={(value) => setQuery({ q: value, page: '' })} />
      <DataTable
        caption={t('policyMembers.caption', { name: current.name })}
        rows={members.data?.items}
        rowKey={(m) => m.playerId}
        loading={members.isFetching}
        error={members.error ? describeError(members.error) : undefined}
        onRetry={() => void members.refetch()}
        emptyTitle={q ? t('policyMembers.noMatch') : t('policyMembers.empty')}
        selection={{ selected, onChange: setSelected }}
        bulkActions={(keys) => (
          <Button variant="danger" size="sm" disabled={busy} onClick={() => void remove(keys)}>
            {t('policyMembers.removeSelected', { count: keys.length })}
          </Button>
        )}
        columns={columns}
      />
      {members.data && (
        <Pagination page={page} pageSize={PAGE_SIZE} total={members.data.total} onPageChange={(next) => setQuery({ page: String(next) })} />
      )}
    </PageBody>
  );
}
