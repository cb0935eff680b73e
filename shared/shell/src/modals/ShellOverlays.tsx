import { useAtomValue } from 'jotai';
import { ToastList } from '@phoenix/ui';
import { toastsAtom } from '../toasts/toastAtoms';
import { useToast } from '../toasts/useToast';
import { AddBulkUsersDialog } from './AddBulkUsersDialog';
import { ChangeControlDialog } from './ChangeControlDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { StepUpDialog } from './StepUpDialog';

/** Renders the shell's global overlays (confirm, addBulkUsers, toasts). Mounted once by the host. */
export function ShellOverlays() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToast();
  return (
    <>
      <ConfirmDialog />
      <AddBulkUsersDialog />
      <ChangeControlDialog />
      <StepUpDialog />
      <ToastList toasts={toasts} onDismiss={dismiss} />
    </>
  );
}
