import type { ServerContext } from '@phoenix/server';
import type { Database } from './db/database';

export type { Actor } from '@phoenix/server';

/** What every points feature gets: @phoenix/server's context on the points API's Database. */
export type AppContext = ServerContext<Database>;
