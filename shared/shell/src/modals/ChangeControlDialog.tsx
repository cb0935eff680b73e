import { useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { Button, Modal, TextArea, TextField, localInputToIso } from '@phoenix/ui';
import { useTranslation } from 'react-i18next';
import { changeControlModalAtom, type ChangeControlAnswer } from './changeControlAtom';

/**
 * The console's answer to a global operation's 428 (api/client.ts): in a "confirm" environment the
 * admin types the scope the server named; in an "approve" one they give a reason and, optionally,
 * a time, and the call is filed as a change request for another admin.
 */
export function ChangeControlDialog() {
  const [state, setState] = useAtom(changeControlModalAtom);
  const { t } = useTranslation('shell');
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [when, setWhen] = useState('');
  const [missing, setMissing] = useState(false);
  const { ask, resolve } = state;
  if (!ask) return null;

  const close = (answer: ChangeControlAnswer) => {
    resolve?.(answer);
    setState({ ask: null, resolve: null });
    setTyped('');
    setReason('');
    setWhen('');
    setMissing(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ask.kind === 'confirm') {
      if (typed.trim() !== ask.scope) return setMissing(true);
      return close({ kind: 'confirm', scope: ask.scope });
    }
    if (!reason.trim()) return setMissing(true);
    close({ kind: 'approve', reason: reason.trim(), scheduledAt: when ? localInputToIso(when) : null });
  };
  return (
    <Modal
      open
      role="alertdialog"
      title={t(ask.kind === 'confirm' ? 'changeControl.confirmTitle' : 'changeControl.approveTitle', { scope: ask.scope })}
      onClose={() => close(null)}
      footer={
        <>
          <Button onClick={() => close(null)}>{t('modal.cancel')}</Button>
          <Button type="submit" form="change-control" variant="danger">
            {t(ask.kind === 'confirm' ? 'changeControl.confirm' : 'changeControl.send')}
          </Button>
        </>
      }
    >
      <form id="change-control" noValidate onSubmit={submit}>
        {/* A call global only past a daily budget: say so, or a small adjustment's dialog makes no sense. */}
        {ask.note && <p>{ask.note}</p>}
        {ask.kind === 'confirm' ? (
          <TextField
            label={t('changeControl.typeScope', { scope: ask.scope })}
            value={typed}
            autoComplete="off"
            error={missing ? t('changeControl.scopeMismatch', { scope: ask.scope }) : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
        ) : (
          <>
            <p>{t('changeControl.approveBody', { scope: ask.scope })}</p>
            <TextArea
              label={t('changeControl.reason')}
              required
              rows={2}
              maxLength={500}
              value={reason}
              error={missing ? t('changeControl.reasonRequired') : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            <TextField
              type="datetime-local"
              label={t('changeControl.scheduledAt')}
              hint={t('changeControl.scheduledAtHint')}
              value={when}
              onChange={(e) => setWhen(e.target.value)}
            />
          </>
        )}
      </form>
    </Modal>
  );
}
