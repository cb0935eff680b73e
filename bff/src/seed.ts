import {
  ADMIN_ROLE,
  type ConstantVariableCreate,
  type FlagCreate,
  type NewsCreate,
  type WorldMessageCreate,
} from '@phoenix/contract';
import type { AppContext } from './context';
import { mutate, type LogActor } from './features/actionLogs/write';
import { hashPassword } from './features/auth/crypto';
import { findAdminByEmail } from './features/admins/repository';
import { createAdmin } from './features/admins/service';
import { constantVariables } from './features/constantVariables/repository';
import { activeFlags } from './features/activeFlags/repository';
import { news } from './features/news/repository';
import { seedLocalPlayers } from './features/players/repository';
import { worldMessages } from './features/worldMessages/repository';

/** Local development only (SEED_LOCAL_DATA): never run for a deployed BFF. */
export const LOCAL_ACCOUNTS = [
  { email: 'admin@phoenix.local', password: 'phoenix-admin', role: ADMIN_ROLE },
  { email: 'operator@phoenix.local', password: 'phoenix-operator', role: 1 },
] as const;

const LOCAL_CONSTANTS: ConstantVariableCreate[] = [
  { key: 'battle.maxTurns', type: 'number', value: '30', description: 'Turns before a battle ends in a draw' },
  { key: 'battle.turnSeconds', type: 'number', value: '20', description: 'Seconds a player has per turn' },
  { key: 'shop.enabled', type: 'boolean', value: 'true', description: 'Shop open to players' },
  { key: 'season.name', type: 'string', value: 'Ember Season', description: 'Season name shown in the lobby' },
  {
    key: 'rewards.daily',
    type: 'json',
    value: JSON.stringify({ coins: 100, gems: 5, streakBonus: [0, 10, 20, 30, 50, 75, 100] }),
    description: 'Daily login reward',
  },
  { key: 'energy.maxStock', type: 'number', value: '5', description: 'Energy a player can hold' },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (at: number) => new Date(at).toISOString();

/** Local news: one published and pinned, one published, one scheduled (relative to start-up). */
function localNews(now: number): NewsCreate[] {
  return [
    {
      title: 'Welcome to the Ember Season',
      body: '## Ember Season is live\n\n- New battle pass tiers\n- Double-up weekends\n\nSee you in the arena!',
      category: 'update',
      publishStart: iso(now - 2 * DAY),
      publishEnd: null,
      pinned: true,
    },
    {
      title: 'Weekend double-up event',
      body: 'Win streaks pay **double** from Friday 18:00 to Sunday 23:59 (UTC).',
      category: 'event',
      publishStart: iso(now - DAY),
      publishEnd: iso(now + 6 * DAY),
      pinned: false,
    },
    {
      title: 'Planned maintenance next week',
      body: 'The game will be unavailable for about **2 hours** while we upgrade servers.',
      category: 'maintenance',
      publishStart: iso(now + 2 * DAY),
      publishEnd: iso(now + 9 * DAY),
      pinned: false,
    },
  ];
}

const LOCAL_FLAGS: FlagCreate[] = [
  { key: 'battle.double-up', description: 'Double-up wagers after a win', enabled: true },
  { key: 'shop.flash-sale', description: 'Show the flash-sale banner in the shop', enabled: false },
  { key: 'points.referral', description: 'Referral rewards in the points app', enabled: true },
];

function localWorldMessages(now: number): WorldMessageCreate[] {
  return [
    { message: 'Welcome to the Ember Season!', severity: 'info', displayStart: iso(now - HOUR), displayEnd: iso(now + 3 * DAY) },
    {
      message: 'Servers restart for maintenance in 2 days.',
      severity: 'warning',
      displayStart: iso(now + DAY),
      displayEnd: iso(now + 2 * DAY),
    },
  ];
}

/** Made-up players 1..N for the bulk id checks (maintenance allow list, policies...). */
const LOCAL_PLAYER_COUNT = 2000;

const SEED_ACTOR: LogActor = { id: null, email: 'system (local seed)' };

/**
 * Idempotent: accounts are created when missing; constants only into an empty table (so a
 * constant an admin deleted does not come back at the next start). Goes through the same
 * service functions (and action log) as the API.
 */
export async function seedLocalData(ctx: AppContext): Promise<void> {
  for (const account of LOCAL_ACCOUNTS) {
    if (await findAdminByEmail(ctx.db, account.email)) continue;
    const passwordHash = await hashPassword(account.password, ctx.settings.passwordHash);
    await mutate(ctx, SEED_ACTOR, (trx, now) => createAdmin(trx, { email: account.email, passwordHash, role: account.role }, now));
  }
  const anyConstant = await ctx.db.selectFrom('constant_variables').select('id').limit(1).executeTakeFirst();
  if (!anyConstant) {
    for (const constant of LOCAL_CONSTANTS) {
      await mutate(ctx, SEED_ACTOR, (trx, now) => constantVariables.create(trx, constant, SEED_ACTOR.email, now));
    }
  }
  // SYSTEM areas: same rule (only into an empty table), same service functions.
  const startedAt = ctx.now().getTime();
  if (!(await ctx.db.selectFrom('news').select('id').limit(1).executeTakeFirst())) {
    for (const item of localNews(startedAt)) {
      await mutate(ctx, SEED_ACTOR, (trx, now) => news.create(trx, item, SEED_ACTOR.email, now));
    }
  }
  if (!(await ctx.db.selectFrom('active_flags').select('id').limit(1).executeTakeFirst())) {
    for (const flag of LOCAL_FLAGS) {
      await mutate(ctx, SEED_ACTOR, (trx, now) => activeFlags.create(trx, flag, SEED_ACTOR.email, now));
    }
  }
  if (!(await ctx.db.selectFrom('world_messages').select('id').limit(1).executeTakeFirst())) {
    for (const message of localWorldMessages(startedAt)) {
      await mutate(ctx, SEED_ACTOR, (trx, now) => worldMessages.create(trx, message, SEED_ACTOR.email, now));
    }
  }
  // Local made-up players (no players API yet, so no service to go through): one idempotent insert.
  await seedLocalPlayers(ctx.db, LOCAL_PLAYER_COUNT, ctx.now());
}
