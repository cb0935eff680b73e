import type { GlobalOperation } from '../http/changeControl';

/** A versioned document: save and restore of an older version. */
export function documentOperations(name: string, path: string, noun: string): GlobalOperation[] {
  return [
    { name: `${name}.update`, method: 'PUT', url: path, scope: noun },
    {
      name: `${name}.restore`,
      method: 'POST',
      url: `${path}/history/:version/restore`,
      scope: noun,
      current: () => ({ method: 'GET', url: path }),
    },
  ];
}
