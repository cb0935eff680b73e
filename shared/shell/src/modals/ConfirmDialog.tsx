import { useRef } from 'react';
import { useAtom } from 'jotai';
import { Button, Modal } from '@phoenix/ui';
import { confirmModalAtom } from './modalAtoms';

/** The one confirm modal of the console, driven by confirmModalAtom (see useConfirm). */
export function ConfirmDialog() {
  const [state, setState] = useAtom(confirmModalAtom);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { visible, content, resolve } = state;

  const close = (ok: boolean) => {
    resolve?.(ok);
    setState((s) => ({ ...s, visible: false, resolve: null }));
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
          <Button variant={content.danger ? 'danger' : 'primary'} onClick={() => close(true)}>
            {content.okText}
          </Button>
        </>
      }
    >
      {content.body}
    </Modal>
  );
}
