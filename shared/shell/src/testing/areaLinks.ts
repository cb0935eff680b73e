import { recordViewOf, type RemoteAreasDeclaration } from '@phoenix/contract';
import { areaLinksAtom, type AreaLinkTarget } from '../core/areaLinks';
import { shellStore } from '../core/store';

/** The link table the host would compose from these remotes' areas (tests of a remote's links to other areas). */
export function areaLinksOf(declarations: readonly RemoteAreasDeclaration[]): Map<string, AreaLinkTarget> {
  return new Map(
    declarations.flatMap((declaration) =>
      Object.entries(declaration.areas).map(
        ([name, area]) => [name, { path: area.path, shape: area.shape, record: recordViewOf(area) }] as const,
      ),
    ),
  );
}

/** Sets the console's link table, as the host does at start. */
export function setAreaLinks(declarations: readonly RemoteAreasDeclaration[]): void {
  shellStore.set(areaLinksAtom, areaLinksOf(declarations));
}
