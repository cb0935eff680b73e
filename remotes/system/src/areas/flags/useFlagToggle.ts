import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveFlag, FlagToggle, Page } from '@phoenix/contract';
import { resourceKeys, useApi, useConfirm, useToast, type ApiRequestError } from '@phoenix/shell';
import { ACTIVE_FLAGS } from './flagLabels';

function failureMessage(error: ApiRequestError, flag: ActiveFlag): string | ApiRequestError {
  if (error.isConflict) return `Someone else changed ${flag.key} in the meantime. The list now shows its current state: check it and switch again if needed.`;
  if (error.status === 404) return `${flag.key} no longer exists: someone deleted it. The list is refreshed.`;
  return error;
}

/**
 * The one-click switch of a flag: confirm, then PATCH /active-flags/:id/enabled with the version
 * the admin saw. The row shows the server's answer at once (no reload), then the list refetches
 * (an "On only" filter may drop the row).
 */
export function useFlagToggle() {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(ACTIVE_FLAGS) });

  const mutation = useMutation<ActiveFlag, ApiRequestError, ActiveFlag>({
    mutationFn: (flag) =>
      api.patch<ActiveFlag>(`/${ACTIVE_FLAGS}/${flag.id}/enabled`, { enabled: !flag.enabled, version: flag.version } satisfies FlagToggle),
    onSuccess: (saved) => {
      queryClient.setQueriesData<Page<ActiveFlag>>({ queryKey: [...resourceKeys.all(ACTIVE_FLAGS), 'list'] }, (page) =>
        page ? { ...page, items: page.items.map((f) => (f.id === saved.id ? saved : f)) } : page,
      );
      toast.success(`${saved.key} is now ${saved.enabled ? 'on' : 'off'}.`);
      return refresh();
    },
    onError: (error, flag) => {
      if (error.isConflict || error.status === 404) void refresh();
      toast.error(failureMessage(error, flag));
    },
  });

  const toggle = async (flag: ActiveFlag) => {
    const turnOn = !flag.enabled;
    const ok = await confirm({
      title: `Turn ${turnOn ? 'on' : 'off'} ${flag.key}?`,
      body: 'The game reads flags at its next refresh.',
      okText: turnOn ? 'Turn on' : 'Turn off',
      danger: true,
    });
    if (ok) mutation.mutate(flag);
  };

  return { toggle, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
