import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyDocument, DocumentVersion, Page, RecordOf, UpdateOf } from '@phoenix/contract';
import type { ApiRequestError } from '../api/ApiRequestError';
import { useDocument, type DocumentOptions, type DocumentResult } from '../data/useDocument';
import { resourceKeys } from '../data/queryKeys';
import { useApiFor } from '../data/useApiFor';
import { useConfirm } from '../modals/useConfirm';
import { confirmedScope, useFixedScope } from '../api/useChangeControlMode';
import { useToast } from '../toasts/useToast';
import { apiPath } from './apiPath';
import { useNouns } from './useNouns';
import './translations';

export interface DocumentController<D extends AnyDocument> extends DocumentResult<RecordOf<D>, UpdateOf<D>> {
  definition: D;
  history: {
    page: number;
    setPage: (page: number) => void;
    data: Page<DocumentVersion<RecordOf<D>>> | undefined;
    isLoading: boolean;
    error: ApiRequestError | null;
    refetch: () => void;
  };
  /** Confirms, then saves an earlier version's values as a new version (logged as a restore). */
  restore: (version: number) => Promise<void>;
  isRestoring: boolean;
}

const HISTORY_PAGE_SIZE = 10;

/**
 * A versioned singleton document (maintenance, game balance…): the document and its save (see
 * useDocument), its history page by page, and restore. The diff of two versions is the
 * DocumentHistory view's.
 */
export function useDocumentController<D extends AnyDocument>(
  definition: D,
  options: DocumentOptions<RecordOf<D>> = {},
): DocumentController<D> {
  const path = apiPath(definition);
  const document = useDocument<RecordOf<D>, UpdateOf<D>>(path, { api: definition.api, ...options });
  const api = useApiFor(definition.api);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const { t } = useTranslation('resources');
  const { noun } = useNouns(definition);
  const [page, setPage] = useState(1);
  const historyKey = [...resourceKeys.all(path), 'history', page] as const;

  // The history follows every save: its key shares the document's prefix, so saves refresh it.
  const history = useQuery<Page<DocumentVersion<RecordOf<D>>>, ApiRequestError>({
    queryKey: [...historyKey, document.data ? (document.data as { version: number }).version : 0],
    queryFn: () => api.get(`/${path}/history`, { page, pageSize: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  // A global document in a "confirm" environment: the restore confirm asks its scope typed and the
  // call carries it, so the server's 428 does not open a second dialog.
  const restoreScope = useFixedScope(definition.api, 'POST', `${definition.path}/history/:version/restore`);
  const restoreMutation = useMutation<RecordOf<D>, ApiRequestError, { version: number; current: number; scope?: string }>({
    mutationFn: ({ version, current, scope }) =>
      api.post(`/${path}/history/${version}/restore`, { version: current }, confirmedScope(scope)),
    onSuccess: (saved, { version }) => {
      queryClient.setQueryData(resourceKeys.document(path), saved);
      toast.success(t('history.restored', { version, next: (saved as { version: number }).version }));
      return queryClient.invalidateQueries({ queryKey: resourceKeys.all(path) });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(path) });
      toast.error(error);
    },
  });

  const restore = async (version: number) => {
    const current = (document.data as { version: number } | undefined)?.version;
    if (current === undefined) return;
    const ok = await confirm({
      title: t('history.restoreTitle', { version, noun }),
      body: t('history.restoreBody', { next: current + 1, current }),
      okText: t('history.restore'),
      danger: true,
      typedScope: restoreScope,
    });
    if (ok) await restoreMutation.mutateAsync({ version, current, scope: restoreScope }).catch(() => undefined);
  };

  return {
    ...document,
    definition,
    history: {
      page,
      setPage,
      data: history.data,
      isLoading: history.isLoading,
      error: history.error,
      refetch: () => void history.refetch(),
    },
    restore,
    isRestoring: restoreMutation.isPending,
  };
}
