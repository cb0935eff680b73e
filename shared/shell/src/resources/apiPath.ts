import type { AnyDocument, AnyResource } from '@phoenix/contract';

/** The data hooks take a resource name without its slash ('news'); definitions carry '/news'. */
export const apiPath = (definition: AnyResource | AnyDocument): string => definition.path.replace(/^\//, '');
