/**
 * Query parameters that open something other than a path's list: a sub-view's form (`create`, `edit`)
 * or a record (`id`: an edit path, a player, a log entry's dialog). The host paints a list's heading
 * while its remote loads only without them (RemotePageLoading).
 */
const RECORD_VIEW_PARAMS = ['create', 'edit', 'id'] as const;

/** True when the location shows a path's list, not a record or a form (see RECORD_VIEW_PARAMS). */
export function showsList(search: URLSearchParams): boolean {
  return RECORD_VIEW_PARAMS.every((param) => !search.has(param));
}
