export { toastsAtom, SUCCESS_TOAST_MS } from './toastAtoms';
export { useToast, type Toaster } from './useToast';
