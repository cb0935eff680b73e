import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import {
  GLOBAL_SCOPES,
  isScheduledInThePast,
  MAX_PLAYER_IDS,
  SCHEDULED_IN_THE_PAST,
  playersScope,
  presentDistributionsResource,
  presentsResource,
  segmentsResource,
  type Distribution,
  type DistributionCreate,
  type DistributionPreview,
  type DistributionTarget,
  type Present,
  type Segment,
} from '@phoenix/contract';
import {
  ApiRequestError,
  confirmedScope,
  describeError,
  errorText,
  resourceKeys,
  useAddBulkUsers,
  useApi,
  useChangeControlSettings,
  useConfirm,
  useServerPicker,
  useToast,
  useTranslation,
  useValidatePlayerIds,
} from '@phoenix/shell';
import {
  Alert,
  Button,
  DateTimeField,
  ErrorState,
  FormActions,
  Panel,
  PickerNotice,
  Select,
  TextField,
  formatDateTime,
  formatNumber,
} from '@phoenix/ui';

const Choice = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: flex;
  gap: 1rem;
  flex-wrap: wrap;
  legend {
    font-weight: 600;
    font-size: 0.875rem;
    margin-bottom: 0.25rem;
  }
  label {
    display: inline-flex;
    gap: 0.375rem;
    align-items: center;
  }
`;
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/** The new recipient count of a 409 "the count changed" (the BFF answers it as `current`). */
const changedCount = (error: ApiRequestError) => {
  const now = error.isConflict ? (error.current as Partial<DistributionPreview> | null | undefined)?.recipients : undefined;
  return typeof now === 'number' ? now : undefined;
};

/** i18n values of a count: `count` picks the plural, `n` is how it reads (1,200). */
export const counted = (count: number) => ({ count, n: formatNumber(count) });

function Radios<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <Choice>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {label}
        </label>
      ))}
    </Choice>
  );
}

/**
 * Send a present: to every active player or to a pasted / uploaded id list (the addBulkUsers
 * modal), now or at a time in the admin's time zone (sent as UTC). The recipient count is asked
 * from the BFF as the choice changes, said again in the confirm and sent with the body: the BFF
 * holds to it (409 with the new figure if it grew), and the confirm asks again with that figure.
 */
export function SendDistribution() {
  const { t } = useTranslation('present');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const addBulkUsers = useAddBulkUsers();
  const validatePlayerIds = useValidatePlayerIds();
  const queryClient = useQueryClient();
  const titleId = useId();
  const changeControl = useChangeControlSettings();

  const [presentId, setPresentId] = useState('');
  // `?segment=<id>`: opened from a segment's page ("Send a present…"), that segment chosen.
  const [searchParams] = useSearchParams();
  const linkedSegment = /^\d{1,10}$/.test(searchParams.get('segment') ?? '') ? searchParams.get('segment')! : '';
  const [target, setTarget] = useState<DistributionTarget>(linkedSegment ? 'segment' : 'all');
  const [playerIds, setPlayerIds] = useState<number[]>([]);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // Each paste is a new list: its count is asked again even if its length and ends are the same.
  const [pasteCount, setPasteCount] = useState(0);

  // Searched on the server (name or description): any present can be found, not only the newest page.
  const presents = useServerPicker<Present>(presentsResource.path, { query: { sort: 'startsAt', order: 'desc' } });
  const [chosen, setChosen] = useState<Present | null>(null);
  const listed = presents.items.filter((p) => p.status !== 'ended');
  // The chosen present stays an option while the admin searches for something else.
  const pickable = chosen && !listed.some((p) => p.id === chosen.id) ? [chosen, ...listed] : listed;
  // A segment (user-policy's saved player filters): its members are fixed when the send starts.
  const [segmentId, setSegmentId] = useState(linkedSegment);
  const segment = target === 'segment' && segmentId ? Number(segmentId) : null;
  const ids = target === 'list' ? playerIds : [];
  const previewKey = ['present-distributions', 'preview', target, target === 'list' ? pasteCount : 0, ids.length, segment];
  const preview = useQuery({
    queryKey: previewKey,
    queryFn: () =>
      api.post<DistributionPreview>(`${presentDistributionsResource.path}/preview`, { target, playerIds: ids, segmentId: segment }),
    enabled: target === 'all' || ids.length > 0 || segment !== null,
  });

  // "confirm" environment, to all players or to more ids than the BFF's bulk limit (its settings
  // say it): the confirm below asks the typed scope and the call carries it, so the server's own
  // confirm (428) does not follow.
  const bulkIdsAbove = changeControl?.bulkIdsAbove;
  const scope =
    changeControl?.mode !== 'confirm'
      ? undefined
      : target !== 'list'
        ? GLOBAL_SCOPES.allPlayers
        : bulkIdsAbove !== undefined && ids.length > bulkIdsAbove
          ? playersScope(ids.length)
          : undefined;
  const send = useMutation<Distribution, ApiRequestError, DistributionCreate>({
    mutationFn: (body) => api.post<Distribution>(presentDistributionsResource.path, body, confirmedScope(scope)),
    onSuccess: (sent) => {
      toast.success(t('presentDistributions.sent', { name: sent.presentName, ...counted(sent.recipientCount) }));
      setErrors({});
      setPlayerIds([]);
      setScheduledAt(null);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(presentDistributionsResource.path.slice(1)) });
    },
    onError: (error) => {
      setErrors(error.fieldErrors ?? {});
      // A changed count is not a failure: it is confirmed again (see confirmAndSend).
      if (changedCount(error) === undefined) toast.error(describeError(error));
    },
  });

  const pasteIds = async () => {
    const picked = await addBulkUsers({
      title: t('presentDistributions.idsTitle'),
      body: t('presentDistributions.idsBody', { max: formatNumber(MAX_PLAYER_IDS) }),
      okText: t('presentDistributions.useIds'),
      validate: validatePlayerIds,
    });
    if (picked) {
      setPlayerIds([...new Set(picked.map(Number))].slice(0, MAX_PLAYER_IDS));
      setPasteCount((n) => n + 1);
    }
  };

  const present = pickable.find((p) => String(p.id) === presentId);
  const recipients = preview.data?.recipients;
  /**
   * Confirms the count and sends it with the body: the BFF refuses (409) if more players would
   * receive it now, answering the new figure, which is then confirmed again in the same words.
   */
  const confirmAndSend = async (chosen: Present, at: string | null, count: number, changed: boolean) => {
    const body = at
      ? t('presentDistributions.confirmLater', { ...counted(count), at: formatDateTime(at) })
      : t('presentDistributions.confirmNow', counted(count));
    const ok = await confirm({
      danger: true,
      title: t('presentDistributions.confirmTitle', { name: chosen.name }),
      body: changed ? `${t('presentDistributions.countChanged', { n: formatNumber(count) })} ${body}` : body,
      okText: t('presentDistributions.send'),
      typedScope: scope,
    });
    if (!ok) return;
    send.mutate(
      { presentId: chosen.id, target, playerIds: ids, segmentId: segment, scheduledAt: at, confirmedRecipients: count },
      {
        onError: (error) => {
          const now = changedCount(error);
          if (now === undefined) return;
          queryClient.setQueryData(previewKey, error.current);
          void confirmAndSend(chosen, at, now, true);
        },
      },
    );
  };
  const submit = async () => {
    const local: Record<string, string[]> = {};
    if (!present) local.presentId = [t('presentDistributions.pickPresent')];
    if (target === 'list' && playerIds.length === 0) local.playerIds = [t('presentDistributions.needIds')];
    if (target === 'segment' && segment === null) local.segmentId = [t('presentDistributions.pickSegment')];
    if (when === 'later' && !scheduledAt) local.scheduledAt = [t('presentDistributions.needTime')];
    // Said here, before the confirm promises "you can cancel it until then" of a time already gone.
    else if (when === 'later' && isScheduledInThePast(scheduledAt, new Date())) local.scheduledAt = [SCHEDULED_IN_THE_PAST];
    setErrors(local);
    // The confirm states how many players receive it: not before that count is in.
    if (Object.keys(local).length > 0 || !present || recipients === undefined) return;
    await confirmAndSend(present, when === 'later' ? scheduledAt : null, recipients, false);
  };
  // The server's (and the contract's) messages in the console's language.
  const errorOf = (field: string) => {
    const message = errors[field]?.[0];
    return message === undefined ? undefined : errorText(message);
  };

  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>{t('presentDistributions.sendTitle')}</h2>
      <Stack>
        <TextField
          label={t('presentDistributions.findPresent')}
          type="search"
          value={presents.q}
          onChange={(e) => presents.setQ(e.target.value)}
        />
        <Select
          label={t('presentDistributions.fields.present')}
          required
          value={presentId}
          placeholder={presents.isLoading ? t('presentDistributions.loadingPresents') : t('presentDistributions.pickPresent')}
          options={pickable.map((p) => ({
            value: String(p.id),
            label: `${p.name} (${formatDateTime(p.startsAt)} – ${formatDateTime(p.endsAt)})`,
          }))}
          error={errorOf('presentId')}
          onChange={(e) => {
            setPresentId(e.target.value);
            setChosen(pickable.find((p) => String(p.id) === e.target.value) ?? null);
          }}
        />
        <PickerNotice shown={presents.items.length} total={presents.total} />
        <Radios
          legend={t('presentDistributions.fields.recipients')}
          name="target"
          value={target}
          options={[
            ['all', t('presentDistributions.targets.all')],
            ['list', t('presentDistributions.targets.list')],
            ['segment', t('presentDistributions.targets.segment')],
          ]}
          onChange={setTarget}
        />
        {target === 'segment' && <SegmentPicker value={segmentId} onChange={setSegmentId} error={errorOf('segmentId')} />}
        {target === 'list' && (
          <div>
            <Button onClick={pasteIds}>{t('presentDistributions.pasteIds')}</Button>{' '}
            <span>{t('presentDistributions.idsListed', counted(playerIds.length))}</span>
            {errorOf('playerIds') && <Alert>{errorOf('playerIds')}</Alert>}
          </div>
        )}
        <Radios
          legend={t('presentDistributions.when')}
          name="when"
          value={when}
          options={[
            ['now', t('presentDistributions.now')],
            ['later', t('presentDistributions.later')],
          ]}
          onChange={setWhen}
        />
        {when === 'later' && (
          <DateTimeField
            label={t('presentDistributions.fields.scheduledAt')}
            required
            value={scheduledAt}
            onChange={setScheduledAt}
            error={errorOf('scheduledAt')}
          />
        )}
        <p role="status" aria-live="polite">
          {preview.isFetching && recipients === undefined
            ? t('presentDistributions.counting')
            : recipients !== undefined && (target === 'all' || ids.length > 0 || segment !== null)
              ? t('presentDistributions.willReceive', counted(recipients)) +
                (preview.data?.unknownIds ? ` ${t('presentDistributions.unknownIds', counted(preview.data.unknownIds))}` : '')
              : ''}
        </p>
        {preview.error && (
          <ErrorState
            title={t('presentDistributions.countFailed')}
            message={describeError(preview.error)}
            onRetry={() => void preview.refetch()}
          />
        )}
        {errorOf('target') && <Alert>{errorOf('target')}</Alert>}
        <FormActions>
          <Button
            variant="primary"
            onClick={submit}
            disabled={
              send.isPending ||
              (recipients === undefined && !(target === 'list' && ids.length === 0) && !(target === 'segment' && segment === null))
            }
          >
            {when === 'now' ? t('presentDistributions.sendNow') : t('presentDistributions.schedule')}
          </Button>
        </FormActions>
      </Stack>
    </Panel>
  );
}

/** The segments to send to, searched on the server: asked only once "a segment" is chosen. */
function SegmentPicker({ value, onChange, error }: { value: string; onChange: (id: string) => void; error: string | undefined }) {
  const { t } = useTranslation('present');
  const segments = useServerPicker<Segment>(segmentsResource.path, { query: { sort: 'name', order: 'asc' } });
  const options = segments.items.map((s) => ({ value: String(s.id), label: s.name }));
  // The chosen one stays an option while the admin searches for another (or when it is beyond the first page).
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <>
      <TextField
        label={t('presentDistributions.findSegment')}
        type="search"
        value={segments.q}
        onChange={(e) => segments.setQ(e.target.value)}
      />
      <Select
        label={t('presentDistributions.fields.segment')}
        required
        value={value}
        placeholder={segments.isLoading ? t('presentDistributions.loadingSegments') : t('presentDistributions.pickSegment')}
        options={options}
        error={error}
        hint={t('presentDistributions.segmentHint')}
        onChange={(e) => onChange(e.target.value)}
      />
      <PickerNotice shown={segments.items.length} total={segments.total} />
    </>
  );
}
