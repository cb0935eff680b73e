import path from 'node:path';
import type { ServerContext } from '@phoenix/server';
import type { BearerAccess } from '@phoenix/server/http';
import type { Database } from './db/database';

export type { Actor } from '@phoenix/server';

/** What every points feature gets: @phoenix/server's context on the points API's Database, and the points API's own settings. */
export type AppContext = ServerContext<Database> & {
  /** Who may call the game server's routes (GAME_SERVER_TOKEN, features/pointsLottery); unset: nobody. */
  gameServer?: BearerAccess;
};

/** Its features, one folder each (features/<area>/routes.ts, optional seed.ts): found by folder (@phoenix/server's features.ts). */
export const FEATURES_DIR = path.join(__dirname, 'features');
