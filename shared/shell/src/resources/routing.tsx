import { createContext, createElement, lazy, Suspense, useContext, useMemo, type ComponentType } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyResource, RecordOf, RemoteAreasDeclaration } from '@phoenix/contract';
import type { ShellStore } from '../core/store';
import { AreaContext, type AreaDefinition, type AreaSpec, type Translate } from './area';
import { prefetchResourceList } from './prefetchList';
import { showsList } from './listView';

export { showsList };

/**
 * How an area is routed. The route table has two shapes:
 * - 'routes': separate paths, `x`, `x/create`, `x/edit?id=42` (constant variables, policies, ToS…);
 * - 'subViews': one path, the form chosen by the query: `x?create=1`, `x?edit=42` (information…);
 * - 'editRoute': `x` and one form path, `x/edit` creating and `x/edit?id=42` editing (shop).
 * Pages never build these links themselves: they ask `useResourceLinks()`.
 */
export type RoutingShape = 'routes' | 'subViews' | 'editRoute';

export interface ResourceLinks {
  shape: RoutingShape;
  /** What the current URL asks for. */
  mode: 'list' | 'create' | 'edit';
  /** The record id of an edit view: null when the link carries no valid id. */
  id: number | null;
  /** The area has a create / edit form. */
  hasForm: boolean;
  list: string;
  create: string;
  edit: (id: number) => string;
  backToList: () => void;
}

const LinksContext = createContext<{ base: string; shape: RoutingShape; hasForm: boolean } | null>(null);

/** One id parser for every edit link: a positive integer that PostgreSQL's `integer` holds. */
export function parseRecordId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

function withParams(search: URLSearchParams, set: Record<string, string>): string {
  const next = new URLSearchParams(search);
  next.delete('create');
  next.delete('edit');
  for (const [key, value] of Object.entries(set)) next.set(key, value);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** What a form path asks for: 'routes' has x/create and x/edit?id=…; 'editRoute' one, x/edit, creating without an id. */
function formPathMode(shape: 'routes' | 'editRoute', pathname: string, search: URLSearchParams): ResourceLinks['mode'] {
  if (pathname.endsWith('/edit')) return shape === 'editRoute' && search.get('id') === null ? 'create' : 'edit';
  return shape === 'routes' && pathname.endsWith('/create') ? 'create' : 'list';
}

export function useResourceLinks(): ResourceLinks {
  const routing = useContext(LinksContext);
  if (!routing) throw new Error('useResourceLinks: render the page through resourcePages()');
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { base, shape, hasForm } = routing;
  return useMemo(() => {
    const root = `/admin/${base}`;
    if (shape !== 'subViews') {
      const mode = formPathMode(shape, pathname, search);
      return {
        shape,
        mode,
        hasForm,
        id: mode === 'edit' ? parseRecordId(search.get('id')) : null,
        list: root,
        create: shape === 'editRoute' ? `${root}/edit` : `${root}/create`,
        edit: (id: number) => `${root}/edit?id=${id}`,
        backToList: () => navigate(root),
      };
    }
    // Sub-views keep the list's own params (q, filters, page), so "back" returns to the same list.
    const editParam = search.get('edit');
    const mode = editParam !== null ? 'edit' : search.get('create') !== null ? 'create' : 'list';
    const list = `${root}${withParams(search, {})}`;
    return {
      shape,
      mode,
      hasForm,
      id: mode === 'edit' ? parseRecordId(editParam) : null,
      list,
      create: `${root}${withParams(search, { create: '1' })}`,
      edit: (id: number) => `${root}${withParams(search, { edit: String(id) })}`,
      backToList: () => navigate(list),
    };
  }, [base, shape, hasForm, pathname, search, navigate]);
}

type Loader = () => Promise<{ default: ComponentType }>;

export interface ResourcePagesSpec {
  /** The area's path under /admin, e.g. 'constantVariables'. */
  base: string;
  shape: RoutingShape;
  list: Loader;
  /** One form module serves create and edit (it asks useResourceLinks().mode). */
  form?: Loader;
  /**
   * The list page's resource and page size (as its `useListController(resource, { pageSize })`):
   * given, the host starts the list's first request from the URL with the page's code, not after it.
   */
  resource?: AnyResource;
  pageSize?: number;
  /** The area the pages belong to (see `areasOf`): their labels and record names. */
  area?: AreaDefinition;
}

/**
 * Starts a page's first data request (e.g. `queryClient.prefetchQuery` with the key its list hook
 * uses) while the page's code is still loading. Called once per navigation by the host; errors are
 * ignored (the page's own query reports them).
 */
export type PagePrefetch = (queryClient: QueryClient, searchParams: URLSearchParams, store?: ShellStore) => unknown;

/** A page of the map, as the host sees it: `preload()` fetches its code, `prefetch()` its first data. */
export type ResourcePageComponent = ComponentType & { preload?: () => Promise<unknown>; prefetch?: PagePrefetch; area?: AreaDefinition };

/**
 * The page map entries of one area, for a remote's `pages.ts`:
 * `...resourcePages({ base: 'constantVariables', shape: 'routes', list: () => import(...), form: () => import(...) })`.
 */
/**
 * A lazy page that renders at once when its code is already in: the host's preload and React.lazy
 * share one load, and once it has resolved the module's component renders directly. (A React.lazy
 * rendered for the first time suspends at least once even when its import has resolved, and a
 * freshly shown fallback is held for a while before the page is revealed.)
 */
function preloadable(load: Loader): { Page: ComponentType; load: Loader } {
  let pending: ReturnType<Loader> | undefined;
  let Loaded: ComponentType | undefined;
  const once: Loader = () =>
    (pending ??= load().then((module) => {
      Loaded = module.default;
      return module;
    }));
  const Lazy = lazy(once);
  return { Page: () => createElement(Loaded ?? Lazy), load: once };
}

export function resourcePages({
  base,
  shape,
  list,
  form,
  resource,
  pageSize,
  area,
}: ResourcePagesSpec): Record<string, ResourcePageComponent> {
  const routing = { base, shape, hasForm: Boolean(form) };
  const { Page: List, load: loadList } = preloadable(list);
  const preloadedForm = form ? preloadable(form) : null;
  const Form = preloadedForm?.Page ?? null;
  const loadForm = preloadedForm?.load ?? null;
  // The list's rows, from the URL: only where the URL shows the list (not a sub-view's form).
  const prefetchList = (showsList: (params: URLSearchParams) => boolean): PagePrefetch | undefined =>
    resource &&
    ((queryClient, params, store) =>
      showsList(params) ? prefetchResourceList(queryClient, resource, params, { pageSize }, store) : undefined);
  // The host calls `Page.preload()` on hover and before navigating: the page's code is on its way before it renders.
  const provide = (Page: ComponentType, load: () => Promise<unknown>, prefetch?: PagePrefetch): ResourcePageComponent =>
    Object.assign(
      function ResourcePage() {
        const page = createElement(
          LinksContext.Provider,
          { value: routing },
          createElement(Suspense, { fallback: null }, createElement(Page)),
        );
        return area ? createElement(AreaContext.Provider, { value: area }, page) : page;
      },
      prefetch ? { preload: load, prefetch } : { preload: load },
      area ? { area } : {},
    );
  if (shape === 'editRoute') {
    return Object.fromEntries([[base, provide(List, loadList)], ...(Form && loadForm ? [[`${base}/edit`, provide(Form, loadForm)]] : [])]);
  }
  if (shape === 'routes') {
    return Object.fromEntries([
      [
        base,
        provide(
          List,
          loadList,
          prefetchList(() => true),
        ),
      ],
      ...(Form && loadForm
        ? [
            [`${base}/create`, provide(Form, loadForm)],
            [`${base}/edit`, provide(Form, loadForm)],
          ]
        : []),
    ]);
  }
  function SubViews() {
    const links = useResourceLinks();
    return createElement(links.mode !== 'list' && Form ? Form : List);
  }
  const showsList = (params: URLSearchParams) => !Form || (params.get('create') === null && params.get('edit') === null);
  return { [base]: provide(SubViews, () => Promise.all([loadList(), loadForm?.()]), prefetchList(showsList)) };
}

/** An area's page entries: `resourcePages` with the area's name, resource and record label. */
export type AreaPagesSpec<D extends AnyResource> = AreaSpec<D> &
  Omit<ResourcePagesSpec, 'resource' | 'area'> & {
    /** false: the host does not start the list's request (its page asks for more than the resource's plain list). */
    prefetch?: false;
  };

/**
 * The `area` declarer of a remote, bound to its i18n namespace: in pages.ts,
 * `const area = areasOf('system');` then `...area({ name: 'news', base: 'information', resource, shape, labelOf, list, form })`.
 */
export function areasOf(ns: string) {
  return function area<D extends AnyResource>({ name, labelOf, formLabelOf, prefetch, ...pages }: AreaPagesSpec<D>) {
    const definition = { name, ns, base: pages.base, shape: pages.shape, resource: pages.resource, labelOf, formLabelOf } as AreaDefinition;
    return resourcePages({ ...pages, resource: prefetch === false ? undefined : pages.resource, area: definition });
  };
}

/** For a page that is not a resource (a document, a dashboard-like view): the same provider. */
export function standalonePage(base: string, page: Loader): Record<string, ResourcePageComponent> {
  return resourcePages({ base, shape: 'routes', list: page });
}

/**
 * One area's page in a remote's pages.ts: its list (or only page), its form, its resource and how a
 * record is named. Where and how it is routed is in areas.ts. `areaPage({...})` keeps the record type
 * of `labelOf` from the resource.
 */
export interface AreaPageSpec<D extends AnyResource = AnyResource> {
  list: Loader;
  /** One form module serves create and edit (it asks useResourceLinks().mode). */
  form?: Loader;
  resource?: D;
  pageSize?: number;
  /** false: the host does not start the list's request (its page asks for more than the resource's plain list). */
  prefetch?: false;
  labelOf?(record: RecordOf<D>, t: Translate): string;
  formLabelOf?(record: RecordOf<D>, t: Translate): string;
}

export function areaPage<D extends AnyResource>(spec: AreaPageSpec<D>): AreaPageSpec<D> {
  return spec;
}

/** A page of a 'page' area: its loader alone, or a spec without a form. */
type PageOf<Shape> = Shape extends 'page' ? Loader | Omit<AreaPageSpec<any>, 'form'> : AreaPageSpec<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What pages.ts gives: one page per area of areas.ts, no more, no less (the type checks both). */
export type AreaPages<A extends RemoteAreasDeclaration> = { [K in keyof A['areas']]: PageOf<A['areas'][K]['shape']> };

/**
 * A remote's page map, as the host loads it (keyed by path under /admin): each area of its areas.ts
 * with the page pages.ts gives it, routed by the area's shape, its strings in the namespace `ns`.
 */
export function pagesOf<const A extends RemoteAreasDeclaration>(
  declaration: A,
  ns: string,
  pages: AreaPages<A>,
): Record<string, ResourcePageComponent> {
  const byArea = pages as Record<string, Loader | AreaPageSpec>;
  return Object.assign(
    {},
    ...Object.entries(declaration.areas).map(([name, { path, shape }]) => {
      const given = byArea[name];
      if (!given) throw new Error(`pages.ts has no page for the area ${name}`);
      const { labelOf, formLabelOf, prefetch, resource, ...spec } = typeof given === 'function' ? { list: given } : given;
      const routing: RoutingShape = shape === 'page' ? 'routes' : shape;
      if (shape === 'page' && spec.form) throw new Error(`${name} is a 'page' area: it has no form (give it a shape with one in areas.ts)`);
      const area = { name, ns, base: path, shape: routing, resource, labelOf, formLabelOf } as AreaDefinition;
      return resourcePages({ ...spec, base: path, shape: routing, resource: prefetch === false ? undefined : resource, area });
    }),
  );
}
