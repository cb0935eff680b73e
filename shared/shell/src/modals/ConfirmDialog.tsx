import { useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Modal, TextField } from '@phoenix/ui';
import { confirmModalAtom } from './modalAtoms';

/** The one confirm modal of the console, driven by confirmModalAtom (see useConfirm). */
export function ConfirmDialog() {
  const [state, setState] = useAtom(confirmModalAtom);
  const { t } = useTranslation('shell');
  const cancelRef = useRef<HTMLButtonElement>(null);
  // What was typed, for the scope it was typed against (a new confirm starts empty).
  const [entry, setEntry] = useState({ for: '', typed: '' });
  const { visible, content, resolve } = state;
  const scope = content.typedScope;
  const typed = entry.for === scope ? entry.typed : '';

  const close = (ok: boolean) => {
    resolve?.(ok);
    setState((s) => ({ ...s, visible: false, resolve: null }));
    setEntry({ for: '', typed: '' });
  };

  return (
    <Modal
      open={visible}
      title={content.title}
      onClose={() => close(false)}
      role={content.danger ? 'alertdialog' : 'dialog'}
      // A destructive confirm starts on Cancel, so a stray Enter does not delete anything.
      initialFocusRef={content.danger ? cancelRef : undefined}
      footer={
        <>
          <Button ref={cancelRef} onClick={() => close(false)}>
            {content.cancelText}
          </Button>
          <Button variant={content.danger ? 'danger' : 'primary'} disabled={!!scope && typed.trim() !== scope} onClick={() => close(true)}>
            {content.okText}
          </Button>
        </>
      }
    >
      {content.body}
      {scope && (
        <TextField
          label={t('changeControl.typeScope', { scope })}
          value={typed}
          autoComplete="off"
          onChange={(e) => setEntry({ for: scope, typed: e.target.value })}
        />
      )}
    </Modal>
  );
}
