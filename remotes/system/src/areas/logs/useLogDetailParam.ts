import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

const PARAM = 'id';

/**
 * `logs?id=123` opens the detail of one entry over the list (a reload or a shared link keeps it);
 * the list's own params (filters, page, sort) stay as they are.
 */
export function useLogDetailParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PARAM);
  const setId = useCallback(
    (id: number | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(PARAM);
        else next.set(PARAM, String(id));
        return next;
      }),
    [setParams],
  );
  return {
    isOpen: raw !== null,
    /** null when the link carries no valid id. */
    id: raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null,
    open: (id: number) => setId(id),
    close: () => setId(null),
  };
}
