import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, for a timing test to run right after it: a collection owed by earlier
 * tests in this process (the in-band PostgreSQL run holds a large heap) is then not counted as the
 * code under test's delay.
 */
setFlagsFromString('--expose-gc');
export const collectGarbage = runInNewContext('gc') as () => void;
