import type { ServerDatabase } from '@phoenix/server/db';
import type { PointsLedgerTables } from './ledgerSchema';
import type { PointsLotteryTables } from './lotteryTables';
import type { PointsTables } from './schema';

/** The BFF's item catalogue, read only (the games' rewards name catalogue items). */
export interface CatalogueItemsTable {
  id: number;
  code: string;
}

/**
 * The points API's database: the server tables it shares with the BFF (sessions for the token
 * check, the action log, document versions: @phoenix/server), the catalogue it reads, and its own
 * `points.*` tables.
 */
export interface Database extends ServerDatabase, PointsTables, PointsLedgerTables, PointsLotteryTables {
  items: CatalogueItemsTable;
}
