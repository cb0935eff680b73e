import type { Migration } from 'kysely/migration';
import * as pointsSettings from './0001_points_settings';
import * as pointsTasks from './0010_points_tasks';
import * as pointsLedger from './0011_points_ledger';
import * as pointsGames from './0020_points_games';
import * as pointsLottery from './0030_points_lottery';
import * as pointsLotteryCancel from './0031_points_lottery_cancel';
import * as pointsLedgerHeld from './0032_points_ledger_held';
import * as pointAccountSortIndexes from './0033_point_account_sort_indexes';
import * as pointsLotteryPaid from './0034_points_lottery_paid';
import * as pointsEconomy from './0035_points_economy';
import * as pointAccountsTable from './0036_point_accounts_table';
import * as pointsEconomyDays from './0037_points_economy_days';
import * as pointsSearchTrigramIndexes from './0038_points_search_trigram_indexes';

/**
 * The points migrations, in order. Listed, not found by file name. Never edit a shipped one.
 */
export const POINTS_MIGRATIONS: Record<string, Migration> = {
  '0001_points_settings': pointsSettings,
  '0010_points_tasks': pointsTasks,
  '0011_points_ledger': pointsLedger,
  '0020_points_games': pointsGames,
  '0030_points_lottery': pointsLottery,
  '0031_points_lottery_cancel': pointsLotteryCancel,
  '0032_points_ledger_held': pointsLedgerHeld,
  '0033_point_account_sort_indexes': pointAccountSortIndexes,
  '0034_points_lottery_paid': pointsLotteryPaid,
  '0035_points_economy': pointsEconomy,
  '0036_point_accounts_table': pointAccountsTable,
  '0037_points_economy_days': pointsEconomyDays,
  '0038_points_search_trigram_indexes': pointsSearchTrigramIndexes,
};
