import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { AreaShape, RecordView } from '@phoenix/contract';
import { shellStore } from './store';

/** Where an area lives in the console, as the host composed it from the remotes' routes.json. */
export interface AreaLinkTarget {
  /** Relative to /admin. */
  path: string;
  shape: AreaShape;
  record: RecordView;
}

/**
 * The console's areas by name, set by the host once it has composed its route table: every link to
 * another page is made from it (`linkTo(area, action, id)`), so no page writes another's path.
 */
export const areaLinksAtom = atom<ReadonlyMap<string, AreaLinkTarget>>(new Map());

/** What a link opens: the list (with its filters), a new record, a record's form or its detail, or a record where it opens. */
export type LinkAction = 'list' | 'create' | 'edit' | 'show' | 'record';

export type LinkParams = Record<string, string | number | undefined>;

const query = (params: LinkParams): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * The link to an area's page: 'routes' areas have x/create and x/edit?id=, 'editRoute' x/edit, 'subViews'
 * x?create=1 and x?edit=; a detail is x?id= whatever the shape. A form its shape lacks links to the list.
 */
export function composeAreaLink(
  target: AreaLinkTarget,
  action: LinkAction = 'list',
  id?: number | string,
  params: LinkParams = {},
): string {
  const root = `/admin/${target.path}`;
  const view = action === 'record' ? target.record : action;
  if (view === 'show' || (view === 'edit' && target.shape === 'page')) return `${root}${query({ id, ...params })}`;
  if (view === 'create') {
    if (target.shape === 'routes') return `${root}/create${query(params)}`;
    if (target.shape === 'editRoute') return `${root}/edit${query(params)}`;
    if (target.shape === 'subViews') return `${root}${query({ ...params, create: 1 })}`;
  }
  if (view === 'edit') {
    if (target.shape === 'subViews') return `${root}${query({ ...params, edit: id })}`;
    return `${root}/edit${query({ id, ...params })}`;
  }
  return `${root}${query(params)}`;
}

/** The link to `area`'s page, or undefined when this console has no such area (its remote is not there). */
export function linkTo(area: string, action?: LinkAction, id?: number | string, params?: LinkParams): string | undefined {
  const target = shellStore.get(areaLinksAtom).get(area);
  return target && composeAreaLink(target, action, id, params);
}

/** `linkTo`, for a component: it renders again when the host's table changes. */
export function useLinkTo(): typeof linkTo {
  const links = useAtomValue(areaLinksAtom, { store: shellStore });
  return useCallback(
    (area, action, id, params) => {
      const target = links.get(area);
      return target && composeAreaLink(target, action, id, params);
    },
    [links],
  );
}
