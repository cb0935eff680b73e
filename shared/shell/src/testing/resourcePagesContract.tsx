import type { ComponentType } from 'react';
import i18next from 'i18next';
import { screen, waitFor, within } from '@testing-library/react';
import type { AnyResource, FilterOf, RecordOf, SortOf } from '@phoenix/contract';
import { apiError, csv, fakeBff, json, page, type FakeBff } from './fakeBff';
import type { ResourcePageComponent } from '../resources/routing';
import type { Translate } from '../resources/area';
import { createTestShell, currentUrl, renderWithShell, type ShellRenderResult } from './renderWithShell';

type Rec<D extends AnyResource> = RecordOf<D> & { id: number; version: number };

export interface ResourcePagesContractSpec<D extends AnyResource> {
  /** The remote's page map (pages.ts). */
  pages: Record<string, ComponentType>;
  /** The area's path under /admin: its area (areasOf) gives the resource, shape and record label. */
  base: string;
  /** Without an area: the resource, routing shape and how the list names a record ("Edit battle.maxTurns"). */
  resource?: D;
  shape?: 'routes' | 'subViews' | 'editRoute';
  labelOf?: (record: Rec<D>) => string;
  /** Two records as the API returns them. */
  records: [Rec<D>, Rec<D>];
  /** A column header and the sort it asks the API for. */
  sort: { header: RegExp; key: SortOf<D> };
  /** A filter select and a value of it (when the resource has filters). */
  filter?: { name: FilterOf<D>; label: string; optionLabel: string; value: string };
  /** With a form: types a valid new record (what POST must carry is up to the area's own tests). */
  create?: {
    fill: (user: ShellRenderResult['user']) => Promise<void>;
    /** A field the server may refuse (400 fieldErrors) and its label. */
    serverError: { field: string; label: string };
  };
  /** The submit label of the create form (default "Create <noun>"). */
  createLabel?: string;
  /** Other API routes the pages read (an item catalogue a picker searches…), added to every fake BFF of the list and form tests. */
  extraRoutes?: (bff: FakeBff) => FakeBff;
}

const LIST_URL = (spec: { base: string }) => `/admin/${spec.base}`;

/** Renders a remote's page map as the host routes it (/admin/<path>), starting at `url`. */
export function renderRemotePage(
  pages: Record<string, ComponentType>,
  { bff, url, language, shell }: { bff: FakeBff; url: string; language?: 'en' | 'ja'; shell?: ReturnType<typeof createTestShell> },
) {
  const routes = Object.entries(pages).map(([path, Page]) => ({ path: `/admin/${path}`, element: <Page /> }));
  return renderWithShell(<p>elsewhere</p>, { bff, url, path: '/elsewhere', routes, language, shell });
}

const renderArea = <D extends AnyResource>(spec: ResourcePagesContractSpec<D>, bff: FakeBff, url: string) =>
  renderRemotePage(spec.pages, { bff, url });

const editUrl = (spec: { base: string; shape: string }, id: number | string) =>
  spec.shape === 'subViews' ? `/admin/${spec.base}?edit=${id}` : `/admin/${spec.base}/edit?id=${id}`;
const createUrl = (spec: { base: string; shape: string }) =>
  spec.shape === 'routes'
    ? `/admin/${spec.base}/create`
    : spec.shape === 'editRoute'
      ? `/admin/${spec.base}/edit`
      : `/admin/${spec.base}?create=1`;

/**
 * The behaviour every resource's pages share, run against the real pages with a fake BFF:
 * URL-bound list query, sort, filter, empty and filtered-empty states, retry, CSV export, delete
 * with confirm, and (with a form) create with server field errors, edit with 409 both ways, 404
 * and a bad id. An area's own tests keep only its domain rules.
 */
export function describeResourcePages<D extends AnyResource>(given: ResourcePagesContractSpec<D>): void {
  const area = (given.pages[given.base] as ResourcePageComponent | undefined)?.area;
  const resource = (given.resource ?? area?.resource) as D | undefined;
  const shape = given.shape ?? area?.shape;
  const areaLabel = area?.labelOf;
  // The area's label in English, as the pages say it (tests run in English).
  const labelOf = given.labelOf ?? (areaLabel && ((r: Rec<D>) => areaLabel(r, i18next.getFixedT('en', area.ns) as unknown as Translate)));
  if (!resource || !shape || !labelOf)
    throw new Error(`describeResourcePages: ${given.base} has no area (areasOf): give resource, shape and labelOf`);
  const spec = { ...given, resource, shape, labelOf };
  const { records } = spec;
  const api = resource.path;
  const [first, second] = records;
  const listBff = () => (spec.extraRoutes ?? ((bff: FakeBff) => bff))(fakeBff()).get(api, () => json(page(records, { total: 2 })));

  describe(`${resource.plural}: the resource pages contract`, () => {
    it('lists the records with the query from the URL and sorts through the URL', async () => {
      const bff = listBff();
      const { user, router } = renderArea(spec, bff, `${LIST_URL(spec)}?page=2&q=abc`);
      await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + records.length));
      const query = Object.fromEntries(bff.calls('GET', api)[0].query);
      expect(query).toMatchObject({ page: '2', q: 'abc' });
      await user.click(within(screen.getByRole('columnheader', { name: spec.sort.header })).getByRole('button'));
      expect(currentUrl(router)).toContain(`sort=${spec.sort.key}`);
      await waitFor(() => expect(bff.calls('GET', api).at(-1)!.query.get('sort')).toBe(spec.sort.key));
    });

    const listPage = spec.pages[spec.base] as ResourcePageComponent | undefined;
    const prefetch = listPage?.prefetch;
    if (prefetch) {
      it('prefetches the list its URL asks for: the page then shows those rows without asking again', async () => {
        const bff = listBff();
        globalThis.fetch = bff.fetch;
        const shell = createTestShell();
        await prefetch(shell.queryClient, new URLSearchParams('page=2&q=abc'), shell.store);
        expect(Object.fromEntries(bff.calls('GET', api)[0].query)).toMatchObject({ page: '2', q: 'abc' });
        renderRemotePage(spec.pages, { bff, url: `${LIST_URL(spec)}?page=2&q=abc`, shell });
        await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + records.length));
        expect(bff.calls('GET', api)).toHaveLength(1);
      });

      if (spec.shape === 'subViews' && spec.create) {
        it('prefetches nothing for a form sub-view', async () => {
          const bff = listBff();
          globalThis.fetch = bff.fetch;
          const shell = createTestShell();
          await prefetch(shell.queryClient, new URLSearchParams('create=1'), shell.store);
          expect(bff.calls('GET', api)).toHaveLength(0);
        });
      }
    }

    if (spec.filter) {
      const filter = spec.filter;
      it('filters through the URL', async () => {
        const bff = listBff();
        const { user, router } = renderArea(spec, bff, LIST_URL(spec));
        const select = await screen.findByLabelText(filter.label);
        // Every option is translated text, not a missing key such as `lottery.any.status`.
        const untranslated = within(select)
          .getAllByRole('option')
          .map((option) => option.textContent ?? '')
          .filter((text) => /^[\w-]+(\.[\w-]+)+$/.test(text));
        expect(untranslated).toEqual([]);
        await user.selectOptions(select, filter.optionLabel);
        expect(currentUrl(router)).toContain(`${filter.name}=${filter.value}`);
        await waitFor(() => expect(bff.calls('GET', api).at(-1)!.query.get(filter.name)).toBe(filter.value));
      });
    }

    it('says when there is nothing yet, and when nothing matches (with a way back)', async () => {
      const bff = fakeBff().get(api, () => json(page([])));
      const { user, router } = renderArea(spec, bff, `${LIST_URL(spec)}?q=zzz`);
      expect(await screen.findByText(`No ${resource.plural} match these filters`)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(currentUrl(router)).toBe(LIST_URL(spec));
      expect(await screen.findByText(`No ${resource.plural} yet`)).toBeInTheDocument();
    });

    it('shows a load failure and retries', async () => {
      let calls = 0;
      const bff = fakeBff().get(api, () => (++calls === 1 ? apiError(500, 'internal_error', 'boom') : json(page(records))));
      const { user } = renderArea(spec, bff, LIST_URL(spec));
      // The list's own retry (a page may show other panels with theirs).
      await user.click(await within(await screen.findByRole('table')).findByRole('button', { name: /retry/i }));
      await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + records.length));
    });

    it('exports the current filter as CSV', async () => {
      const bff = listBff().get(`${api}/export.csv`, () => csv('id\n1\n'));
      URL.createObjectURL = jest.fn(() => 'blob:csv');
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined); // jsdom cannot download
      const { user } = renderArea(spec, bff, `${LIST_URL(spec)}?q=abc`);
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(bff.calls('GET', `${api}/export.csv`)).toHaveLength(1));
      const query = bff.calls('GET', `${api}/export.csv`)[0].query;
      expect(query.get('q')).toBe('abc');
      expect(query.get('page')).toBeNull();
    });

    if (resource.remove) {
      it('deletes after a confirm, sending the version; a cancel sends nothing', async () => {
        const bff = listBff().delete(`${api}/:id`, () => ({ status: 204 }));
        const { user } = renderArea(spec, bff, LIST_URL(spec));
        await user.click(await screen.findByRole('button', { name: `Delete ${labelOf(second)}` }));
        await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
        expect(bff.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

        await user.click(screen.getByRole('button', { name: `Delete ${labelOf(second)}` }));
        await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
        await waitFor(() => expect(bff.calls('DELETE', `${api}/${second.id}`)).toHaveLength(1));
        expect(bff.calls('DELETE', `${api}/${second.id}`)[0].query.get('version')).toBe(String(second.version));
      });
    }

    if (spec.create) {
      const create = spec.create;
      const createLabel = spec.createLabel ?? `Create ${resource.noun}`;
      it('creates a record and goes back to the list', async () => {
        const bff = listBff().post(api, (req) => json({ ...first, ...(req.body as object), id: 99, version: 1 }, 201));
        const { user, router } = renderArea(spec, bff, createUrl(spec));
        await screen.findByRole('form', { name: createLabel });
        await create.fill(user);
        await user.click(screen.getByRole('button', { name: createLabel }));
        await waitFor(() => expect(bff.calls('POST', api)).toHaveLength(1));
        await waitFor(() => expect(currentUrl(router)).toBe(LIST_URL(spec)));
      });

      it('shows a server field error on its field and keeps what was typed', async () => {
        const bff = listBff().post(api, () =>
          apiError(400, 'validation_failed', 'Invalid input', { fieldErrors: { [create.serverError.field]: ['Refused by the server'] } }),
        );
        const { user, router } = renderArea(spec, bff, createUrl(spec));
        await screen.findByRole('form', { name: createLabel });
        await create.fill(user);
        const field = screen.getByLabelText(create.serverError.label, { exact: false, selector: 'input, textarea, select' });
        const typed = (field as HTMLInputElement).value;
        await user.click(screen.getByRole('button', { name: createLabel }));
        expect(await screen.findByText('Refused by the server')).toBeInTheDocument();
        expect(field).toHaveAccessibleDescription(expect.stringContaining('Refused by the server'));
        expect(field).toHaveValue(typed);
        expect(currentUrl(router)).toBe(createUrl(spec));
      });

      it('edits with the version; on a 409 keeps mine (their version) or reloads theirs', async () => {
        const theirs = { ...first, version: first.version + 1 };
        let puts = 0;
        const bff = listBff()
          .get(`${api}/:id`, () => json(first))
          .put(`${api}/:id`, (req) =>
            ++puts === 1
              ? apiError(409, 'conflict', 'Version mismatch', { current: theirs })
              : json({ ...(req.body as object), id: first.id }),
          );
        const { user, router } = renderArea(spec, bff, editUrl(spec, first.id));
        await user.click(await screen.findByRole('button', { name: 'Save changes' }));
        expect(await screen.findByRole('alert', { name: 'Edit conflict' })).toBeInTheDocument();
        expect((bff.calls('PUT', `${api}/${first.id}`)[0].body as { version: number }).version).toBe(first.version);
        await user.click(screen.getByRole('button', { name: 'Keep mine' }));
        await user.click(screen.getByRole('button', { name: 'Save changes' }));
        await waitFor(() => expect(bff.calls('PUT', `${api}/${first.id}`)).toHaveLength(2));
        expect((bff.calls('PUT', `${api}/${first.id}`)[1].body as { version: number }).version).toBe(theirs.version);
        await waitFor(() => expect(currentUrl(router)).toBe(LIST_URL(spec)));
      });

      it('reloads their version on a 409 when asked', async () => {
        const theirs = { ...first, version: first.version + 1 };
        const bff = listBff()
          .get(`${api}/:id`, () => json(first))
          .put(`${api}/:id`, () => apiError(409, 'conflict', 'Version mismatch', { current: theirs }));
        const { user } = renderArea(spec, bff, editUrl(spec, first.id));
        await user.click(await screen.findByRole('button', { name: 'Save changes' }));
        await user.click(await screen.findByRole('button', { name: 'Reload their version' }));
        expect(screen.queryByRole('alert', { name: 'Edit conflict' })).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Save changes' }));
        await waitFor(() => expect(bff.calls('PUT', `${api}/${first.id}`)).toHaveLength(2));
        expect((bff.calls('PUT', `${api}/${first.id}`)[1].body as { version: number }).version).toBe(theirs.version);
      });

      it('says when the record does not exist or the link has no valid id', async () => {
        const bff = listBff().get(`${api}/:id`, () => apiError(404, 'not_found', 'Gone'));
        renderArea(spec, bff, editUrl(spec, 404));
        expect(
          await screen.findByText(`There is no ${resource.noun} 404. It may have been deleted: open another one from the list.`),
        ).toBeInTheDocument();
      });

      it('refuses a link without a valid id without asking the API', async () => {
        const bff = listBff();
        renderArea(spec, bff, editUrl(spec, 'abc'));
        expect(await screen.findByText(`The link has no valid ${resource.noun} id. Open it from the list.`)).toBeInTheDocument();
        expect(bff.requests.filter((r) => r.path.startsWith(`${api}/`))).toHaveLength(0);
      });
    }
  });
}
