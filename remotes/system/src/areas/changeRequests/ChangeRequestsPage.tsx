import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHANGE_CONTROL_CODES,
  CHANGE_REQUEST_VIEWS,
  CHANGE_REQUESTS_PATH,
  type ChangePreview,
  type ChangeControlMode,
  type ChangeRequest,
  type ChangeRequestView,
  type Page,
} from '@phoenix/contract';
import {
  describeError,
  useApi,
  useChangeControlSettings,
  usePointsApi,
  useToast,
  useTranslation,
  type ApiRequestError,
} from '@phoenix/shell';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Facts,
  FormActions,
  LoadingBlock,
  Modal,
  PageBody,
  PageHeader,
  Panel,
  PlainTable,
  Select,
  TableHead,
  TextArea,
  TextField,
  formatDateTime,
  type BadgeTone,
} from '@phoenix/ui';

/** The query key prefix of everything this page reads (the navbar's count too). */
export const CHANGE_REQUEST_KEY = ['change-requests'] as const;

const TONES: Record<ChangeRequest['status'], BadgeTone> = {
  pending: 'warning',
  scheduled: 'info',
  applied: 'success',
  rejected: 'neutral',
  failed: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
};

type Step = 'approve' | 'reject' | 'cancel';

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** What the request touches: the target now (counts or record) and the fields it changes. */
export function PreviewView({ preview, caption }: { preview: ChangePreview; caption: string }) {
  const { t } = useTranslation('system');
  const counts =
    preview.current && typeof preview.current === 'object' && !Array.isArray(preview.current) ? Object.entries(preview.current) : [];
  return (
    <div>
      {preview.diff.length > 0 ? (
        <PlainTable>
          <caption>{caption}</caption>
          <TableHead labels={[t('changeRequests.field'), t('changeRequests.from'), t('changeRequests.to')]} />
          <tbody>
            {preview.diff.map((change) => (
              <tr key={change.field}>
                <td>{change.field}</td>
                <td>{show(change.from)}</td>
                <td>{show(change.to)}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      ) : (
        counts.length > 0 && (
          <Facts aria-label={caption}>
            {counts.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{show(value)}</dd>
              </div>
            ))}
          </Facts>
        )
      )}
    </div>
  );
}

function RequestCard({ request, onStep }: { request: ChangeRequest; onStep: (step: Step) => void }) {
  const { t } = useTranslation('system');
  const failedPreview = (request.error as { preview?: ChangePreview } | null)?.preview;
  return (
    <Card>
      <article aria-labelledby={`change-request-${request.id}`}>
        <h2 id={`change-request-${request.id}`}>
          #{request.id} {request.operation} — {request.scope}{' '}
          <Badge $tone={TONES[request.status]}>{t(`changeRequests.status.${request.status}`)}</Badge>
        </h2>
        <Facts>
          <div>
            <dt>{t('changeRequests.requestedBy')}</dt>
            <dd>
              {request.requestedBy.email}, {formatDateTime(request.createdAt)}
            </dd>
          </div>
          <div>
            <dt>{t('changeRequests.reason')}</dt>
            <dd>{request.reason}</dd>
          </div>
          <div>
            <dt>{t('changeRequests.service')}</dt>
            <dd>{t(`changeRequests.services.${request.service}`, { defaultValue: request.service })}</dd>
          </div>
          <div>
            <dt>{t('changeRequests.call')}</dt>
            <dd>
              <code>
                {request.method} {request.path}
              </code>
            </dd>
          </div>
          {request.scheduledAt && (
            <div>
              <dt>{t('changeRequests.scheduledAt')}</dt>
              <dd>{formatDateTime(request.scheduledAt)}</dd>
            </div>
          )}
          {request.status === 'pending' && (
            <div>
              <dt>{t('changeRequests.expiresAt')}</dt>
              <dd>{formatDateTime(request.expiresAt)}</dd>
            </div>
          )}
          {request.decidedBy && (
            <div>
              <dt>{t('changeRequests.decidedBy')}</dt>
              <dd>
                {request.decidedBy.email}
                {request.decisionComment ? `: ${request.decisionComment}` : ''}
              </dd>
            </div>
          )}
        </Facts>
        <PreviewView preview={request.preview} caption={t('changeRequests.preview')} />
        {request.status === 'failed' && (
          <Alert title={t('changeRequests.failed')}>
            {(request.error as { message?: string } | null)?.message}
            {failedPreview && <PreviewView preview={failedPreview} caption={t('changeRequests.newDiff')} />}
          </Alert>
        )}
        <FormActions>
          {request.status === 'pending' && (
            <>
              <Button variant="primary" onClick={() => onStep('approve')}>
                {t('changeRequests.approve')}
              </Button>
              <Button variant="secondary" onClick={() => onStep('reject')}>
                {t('changeRequests.reject')}
              </Button>
            </>
          )}
          {(request.status === 'pending' || request.status === 'scheduled') && (
            <Button variant="ghost" onClick={() => onStep('cancel')}>
              {t('changeRequests.cancel')}
            </Button>
          )}
        </FormActions>
      </article>
    </Card>
  );
}

/** Approve / reject / cancel with a comment (required to reject); a stale approval shows the new diff. */
function DecisionDialog({ request, step, onClose }: { request: ChangeRequest; step: Step; onClose: () => void }) {
  const { t } = useTranslation('system');
  // The owning service decides and applies its request: a points request goes to the points API.
  const bffApi = useApi();
  const pointsApi = usePointsApi();
  const api = request.service === 'points' ? pointsApi : bffApi;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = useMutation<ChangeRequest, ApiRequestError, string>({
    mutationFn: (text) => api.post(`${CHANGE_REQUESTS_PATH}/${request.id}/${step}`, { version: request.version, comment: text }),
    onSuccess: (done) => {
      toast.success(t(`changeRequests.done.${done.status}`, { id: done.id }));
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHANGE_REQUEST_KEY }),
  });
  const stalePreview =
    decide.error?.code === CHANGE_CONTROL_CODES.stale
      ? (decide.error.current as { preview?: ChangePreview } | undefined)?.preview
      : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'reject' && !comment.trim()) return setMissing(true);
    setMissing(false);
    decide.mutate(comment.trim());
  };
  return (
    <Modal
      open
      role={step === 'approve' ? 'alertdialog' : 'dialog'}
      title={t(`changeRequests.${step}Title`, { id: request.id, scope: request.scope })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('changeRequests.close')}
          </Button>
          <Button
            type="submit"
            form={`decision-${request.id}`}
            variant={step === 'approve' ? 'danger' : 'primary'}
            loading={decide.isPending}
          >
            {t(`changeRequests.${step}`)}
          </Button>
        </>
      }
    >
      <form id={`decision-${request.id}`} noValidate onSubmit={submit}>
        <p>{t(`changeRequests.${step}Body`, { scope: request.scope, requester: request.requestedBy.email })}</p>
        {decide.error && (
          <Alert title={t('changeRequests.refused')}>
            {decide.error.code.startsWith('change_request_')
              ? t(`changeRequests.errors.${decide.error.code}`, { defaultValue: decide.error.message })
              : describeError(decide.error)}
            {stalePreview && <PreviewView preview={stalePreview} caption={t('changeRequests.newDiff')} />}
          </Alert>
        )}
        <TextArea
          label={t('changeRequests.comment')}
          required={step === 'reject'}
          rows={2}
          maxLength={500}
          value={comment}
          error={missing ? t('changeRequests.commentRequired') : undefined}
          onChange={(e) => setComment(e.target.value)}
        />
      </form>
    </Modal>
  );
}

/** Requests: pending, scheduled and recent change requests of global operations, with their previews. */
const MODE_TONES: Record<ChangeControlMode, BadgeTone> = { off: 'neutral', confirm: 'info', approve: 'warning' };

/**
 * Whether change control is on here, and what that means for this queue: with it off (or typed
 * confirmations only) nothing waits for a second administrator, so an empty list is not a backlog.
 */
export function ChangeControlModeNote() {
  const { t } = useTranslation('system');
  const settings = useChangeControlSettings();
  if (!settings) return null;
  const { mode } = settings;
  return (
    <Panel aria-labelledby="change-control-mode">
      <h2 id="change-control-mode">
        {t('changeRequests.mode.title')} <Badge $tone={MODE_TONES[mode]}>{t(`changeRequests.mode.names.${mode}`)}</Badge>
      </h2>
      <p>{t(`changeRequests.mode.explain.${mode}`, { hours: settings.ttlHours })}</p>
    </Panel>
  );
}

export default function ChangeRequestsPage() {
  const { t } = useTranslation('system');
  const api = useApi();
  const [view, setView] = useState<ChangeRequestView>('pending');
  const [operation, setOperation] = useState('');
  const [requestedBy, setRequestedBy] = useState('');
  const [open, setOpen] = useState<{ request: ChangeRequest; step: Step } | null>(null);
  const list = useQuery<Page<ChangeRequest>, ApiRequestError>({
    queryKey: [...CHANGE_REQUEST_KEY, 'list', view, operation, requestedBy],
    queryFn: () => api.get(CHANGE_REQUESTS_PATH, { view, operation, requestedBy, pageSize: 50 }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageBody>
      <PageHeader title={t('changeRequests.title')} description={t('changeRequests.description')} />
      <ChangeControlModeNote />
      <form role="search" aria-label={t('changeRequests.filters')} onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('changeRequests.view')}
          value={view}
          options={CHANGE_REQUEST_VIEWS.map((v) => ({ value: v, label: t(`changeRequests.views.${v}`) }))}
          onChange={(e) => setView(e.target.value as ChangeRequestView)}
        />
        <TextField label={t('changeRequests.operation')} value={operation} onChange={(e) => setOperation(e.target.value.trim())} />
        <TextField label={t('changeRequests.requestedBy')} value={requestedBy} onChange={(e) => setRequestedBy(e.target.value.trim())} />
      </form>
      {list.error ? (
        <ErrorState message={describeError(list.error)} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingBlock label={t('changeRequests.loading')} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t(`changeRequests.empty.${view}`)} />
      ) : (
        list.data.items.map((request) => <RequestCard key={request.id} request={request} onStep={(step) => setOpen({ request, step })} />)
      )}
      {open && <DecisionDialog request={open.request} step={open.step} onClose={() => setOpen(null)} />}
    </PageBody>
  );
}
