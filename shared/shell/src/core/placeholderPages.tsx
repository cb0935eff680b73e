import { type ComponentType, type LazyExoticComponent } from 'react';
import { NotAvailableYet } from '@phoenix/ui/src/boot';

export type RemotePages = Record<string, LazyExoticComponent<ComponentType> | ComponentType>;

/** Pages a later issue builds: an honest "not available yet" panel, never sample data. */
export function placeholderPages(titles: Record<string, string>): RemotePages {
  const pages: RemotePages = {};
  for (const [path, title] of Object.entries(titles)) {
    pages[path] = function PlaceholderPage() {
      return <NotAvailableYet title={title} />;
    };
  }
  return pages;
}
