import { useToast, useTranslation } from '@phoenix/shell';

/** Copies a secret shown once (a one-time password, recovery codes) and says whether it worked. */
export function useCopyToClipboard() {
  const { t } = useTranslation('userPolicy');
  const toast = useToast();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('admins.copied'));
    } catch {
      toast.error(t('admins.copyFailed'));
    }
  };
}
