export * from './ShellOverlays';
export {
  confirmModalAtom,
  addBulkUsersModalAtom,
  type ModalContent,
  type ConfirmModalState,
  type AddBulkUsersModalState,
} from './modalAtoms';
export { useConfirm, type ConfirmOptions } from './useConfirm';
export { useAddBulkUsers, type AddBulkUsersOptions } from './useAddBulkUsers';
export { useValidatePlayerIds } from './useValidatePlayerIds';
export { parseUserIds, type ParsedUserIds, type InvalidIdEntry } from './parseUserIds';
export { changeControlModalAtom, type ChangeControlAsk, type ChangeControlAnswer } from './changeControlAtom';
