import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Player, PlayerBulkBanResult } from '@phoenix/contract';
import { ApiRequestError, errorText, resourceKeys, useApi, useToast, useTranslation } from '@phoenix/shell';
import { Alert, Button, DateTimeField, Modal, TextArea } from '@phoenix/ui';

/** What the dialog acts on: ban or unban one player, or ban several at once. */
export type BanTarget = { kind: 'ban'; player: Player } | { kind: 'unban'; player: Player } | { kind: 'bulk'; ids: number[] };

type Errors = Partial<Record<'reason' | 'endsAt', string>>;

/** Reason (required) and, for a ban, an optional end; the server checks both again. */
export function BanDialog({ target, onClose }: { target: BanTarget | null; onClose: () => void }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [endsAt, setEndsAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const close = () => {
    setReason('');
    setEndsAt(null);
    setErrors({});
    onClose();
  };
  const send = useMutation<Player | PlayerBulkBanResult, ApiRequestError, BanTarget>({
    mutationFn: (to) => {
      if (to.kind === 'bulk') return api.post('/players/ban', { ids: to.ids, reason, endsAt });
      const body = to.kind === 'ban' ? { reason, endsAt, version: to.player.version } : { reason, version: to.player.version };
      return api.post(`/players/${to.player.id}/${to.kind}`, body);
    },
    onSuccess: (result, to) => {
      if (to.kind === 'bulk') {
        const r = result as PlayerBulkBanResult;
        toast.success(t('players.bulkBanned', { count: r.banned, already: r.alreadyBanned, unknown: r.unknown.length }));
      } else toast.success(t(to.kind === 'ban' ? 'players.banned' : 'players.unbanned', { name: to.player.name }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('players') });
      close();
    },
    onError: (error) => {
      // The server's messages in the console's language.
      const server = (field: string) => {
        const message = error.fieldErrors[field]?.[0];
        return message === undefined ? undefined : errorText(message);
      };
      if (error.isValidation) setErrors({ reason: server('reason'), endsAt: server('endsAt') });
      if (error.isConflict) void queryClient.invalidateQueries({ queryKey: resourceKeys.all('players') });
    },
  });
  if (!target) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    if (!reason.trim()) next.reason = t('players.reasonRequired');
    if (target.kind !== 'unban' && endsAt && Date.parse(endsAt) <= Date.now()) next.endsAt = t('players.endInPast');
    setErrors(next);
    if (!next.reason && !next.endsAt) send.mutate(target);
  };
  const title =
    target.kind === 'bulk'
      ? t('players.bulkBanTitle', { count: target.ids.length })
      : t(target.kind === 'ban' ? 'players.banTitle' : 'players.unbanTitle', { name: target.player.name, id: target.player.id });
  const formError = send.error && !send.error.isValidation ? send.error.message : null;

  return (
    <Modal
      open
      role="alertdialog"
      title={title}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t('players.cancel')}</Button>
          <Button type="submit" form="ban-form" variant={target.kind === 'unban' ? 'primary' : 'danger'} loading={send.isPending}>
            {t(target.kind === 'unban' ? 'players.unban' : 'players.ban')}
          </Button>
        </>
      }
    >
      <form id="ban-form" noValidate onSubmit={onSubmit}>
        {formError && <Alert>{formError}</Alert>}
        {target.kind !== 'unban' && <p>{t('players.banExplains')}</p>}
        <TextArea
          label={t('players.reason')}
          required
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
        {target.kind !== 'unban' && (
          <DateTimeField
            label={t('players.banEnd')}
            hint={t('players.banEndHint')}
            value={endsAt}
            onChange={setEndsAt}
            error={errors.endsAt}
          />
        )}
      </form>
    </Modal>
  );
}
