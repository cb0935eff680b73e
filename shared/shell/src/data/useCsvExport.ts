import { useCallback, useState } from 'react';
import type { Query } from '../api/client';
import { useToast } from '../toasts/useToast';
import type { ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';

/** Local date as YYYY-MM-DD, for file names an admin can sort. */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Hands text to the browser as a file download. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GET /<resource>/export.csv with the list's current filters (no paging), saved as
 * `<filename or resource>-<date>.csv`. Goes through the API client so the token header is sent.
 */
export function useCsvExport(resource: string, query: Query, options: { api?: ApiTarget; filename?: string } = {}) {
  const api = useApiFor(options.api);
  const toast = useToast();
  const [isExporting, setExporting] = useState(false);
  const queryKey = JSON.stringify(query);

  const exportCsv = useCallback(async () => {
    setExporting(true);
    try {
      const { page: _page, pageSize: _pageSize, ...filters } = JSON.parse(queryKey) as Query;
      const csv = await api.getText(`/${resource}/export.csv`, filters);
      const base = (options.filename ?? resource).replace(/\.csv$/, '').replace(/[^\w.-]+/g, '-');
      saveTextFile(csv, `${base}-${today()}.csv`);
    } catch (error) {
      toast.error(error);
    } finally {
      setExporting(false);
    }
  }, [api, resource, queryKey, toast, options.filename]);

  return { exportCsv, isExporting };
}
