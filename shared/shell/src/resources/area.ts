import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyResource, RecordOf } from '@phoenix/contract';
import type { DataTableColumn } from '@phoenix/ui';
import { LANGUAGES } from '../i18n/language';

/**
 * An area, declared once: its path and shape in its remote's areas.ts, its page in pages.ts (`news: areaPage({ … })`):
 * its route and page shape, its resource, how a record is named, and where its strings are. The
 * pages read it from context: a column or field `x` is labelled `<name>.fields.x` in the remote's
 * namespace, a record by `labelOf`; no page repeats them. Paths, shapes and menu places are in areas.ts
 * (plain data the host reads without the remote's code).
 */
/** The remote's t, loosely typed: keys are the remote's (i18next's key types do not know them). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface AreaSpec<D extends AnyResource = AnyResource> {
  /** The area's name (docs/names: activeFlags, pointAccounts…): its strings are `<name>.…`. */
  name: string;
  resource?: D;
  /** Names a record in row buttons, confirms and toasts. `t` is the remote's namespace. */
  labelOf?: (record: RecordOf<D>, t: Translate) => string;
  /** How the form names a record in its title and toasts, where it differs from the list's (quoted). */
  formLabelOf?: (record: RecordOf<D>, t: Translate) => string;
}

/** The area a page belongs to, with its remote's i18n namespace, its path under /admin and its page shape. */
export interface AreaDefinition<D extends AnyResource = AnyResource> extends AreaSpec<D> {
  ns: string;
  base: string;
  shape: 'routes' | 'subViews' | 'editRoute';
}

export const AreaContext = createContext<AreaDefinition | null>(null);

const reported = new Set<string>();

/** A label the convention asks for but a language lacks: said once, in the console (and failing tests). */
function reportMissing(ns: string, key: string, language: string): void {
  const id = `${language}:${ns}:${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(`Missing label ${ns}:${key} in ${language}: add it to the remote's locales/${language}.json`);
}

export interface AreaLabels {
  area: AreaDefinition | null;
  /** `<area>.fields.<name>` in the remote's namespace; a key missing in en or ja is reported. */
  field: (name: string) => string;
  /** The remote's t. */
  t: Translate;
}

/** The labels of the current page's area (outside an area: none, and `field` returns the name). */
export function useAreaLabels(): AreaLabels {
  const area = useContext(AreaContext);
  const { t, i18n } = useTranslation(area?.ns ?? 'resources');
  const field = (name: string) => {
    if (!area) return name;
    const key = `${area.name}.fields.${name}`;
    for (const language of LANGUAGES) {
      if (typeof i18n.getResource(language, area.ns, key) !== 'string') reportMissing(area.ns, key, language);
    }
    return t(key);
  };
  return { area, field, t: t as unknown as Translate };
}

/** A column whose header, when not given, is its field's label: `{ key: 'title' }` → `<area>.fields.title`. */
export type LabelledColumn<T> = Omit<DataTableColumn<T>, 'header'> & {
  header?: DataTableColumn<T>['header'];
  /** The field naming the header when it is not the key (a sort key under another name). */
  field?: string;
};

/** Columns with their conventional headers, for the tables of an area that are not a ResourceListPage. */
export function useAreaColumns<T>(columns: readonly LabelledColumn<T>[]): DataTableColumn<T>[] {
  const { field } = useAreaLabels();
  return columns.map(({ field: name, header, ...column }) => ({ ...column, header: header ?? field(name ?? column.key) }));
}

/** The record label of the current area, for a page that names records itself. */
export function useRecordLabel<D extends AnyResource>(which: 'list' | 'form' = 'list'): ((record: RecordOf<D>) => string) | undefined {
  const { area, t } = useAreaLabels();
  const labelOf = (which === 'form' && area?.formLabelOf) || area?.labelOf;
  return labelOf && ((record: RecordOf<D>) => labelOf(record, t));
}
