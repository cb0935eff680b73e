import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * Which view of a one-route area the query string asks for:
 * `?create=1` the create form, `?edit=42` the edit form (id null when it is not a valid id),
 * anything else the list.
 */
export type QuerySubView = { mode: 'list' } | { mode: 'create' } | { mode: 'edit'; id: number | null };

export interface QuerySubViewResult {
  view: QuerySubView;
  /** Search strings for links: the list's own params (q, filters, page) are kept, so "back" returns to the same list. */
  createSearch: string;
  editSearch: (id: number) => string;
  listSearch: string;
  /** Goes back to the list (after a save, or on cancel). */
  backToList: () => void;
}

const CREATE = 'create';
const EDIT = 'edit';

function readView(params: URLSearchParams): QuerySubView {
  const edit = params.get(EDIT);
  if (edit !== null) return { mode: 'edit', id: /^[1-9]\d{0,14}$/.test(edit) ? Number(edit) : null };
  if (params.get(CREATE) !== null) return { mode: 'create' };
  return { mode: 'list' };
}

function searchWith(params: URLSearchParams, view: Record<string, string>): string {
  const next = new URLSearchParams(params);
  next.delete(CREATE);
  next.delete(EDIT);
  for (const [key, value] of Object.entries(view)) next.set(key, value);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/**
 * For areas the host routes as ONE path (e.g. /admin/information): the create and edit forms are
 * sub-views chosen by the query string, so a reload or a shared link opens the same form.
 */
export function useQuerySubView(): QuerySubViewResult {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = useMemo(() => readView(params), [params]);
  const listSearch = searchWith(params, {});
  const backToList = useCallback(() => navigate({ search: listSearch }), [navigate, listSearch]);
  return {
    view,
    createSearch: searchWith(params, { [CREATE]: '1' }),
    editSearch: (id) => searchWith(params, { [EDIT]: String(id) }),
    listSearch,
    backToList,
  };
}
