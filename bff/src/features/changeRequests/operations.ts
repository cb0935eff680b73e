import {
  activeFlagsResource,
  adminsResource,
  BATTLE_FORCE_END_PATH,
  constantVariablesResource,
  cooldownDocument,
  STAKING_INTENTS_PATH,
  termsOfServiceResource,
  energyDocument,
  GLOBAL_SCOPES,
  GLOBAL_SIGN_OUT_PATH,
  healthDocument,
  RELEASES_PATH,
  maintenanceDocument,
  newsResource,
  worldMessagesResource,
} from '@phoenix/contract';
import { documentOperations } from '@phoenix/server/changeRequests';
import type { GlobalOperation } from '@phoenix/server/http';
import { ID_LIST_OPERATIONS } from './idListOperations';

/**
 * Every operation marked global: whatever reaches every player or changes the game for
 * all of them. The gate (http/changeControl.ts) holds each to the environment's mode; a change
 * request applies it through the same route.
 */
type Body = Record<string, unknown> | undefined;
const field = (body: unknown, name: string) => (body as Body)?.[name];

/** A resource's writes: create, update, delete, and its extra one-record routes. */
function resourceOperations(name: string, path: string, noun: string, extra: readonly string[] = []): GlobalOperation[] {
  const record = (id: string) => ({ method: 'GET' as const, url: `${path}/${id}` });
  return [
    {
      name: `${name}.create`,
      method: 'POST',
      url: path,
      scope: (_p, body) => `new ${noun} ${String(field(body, 'key') ?? field(body, 'title') ?? '')}`.trim(),
    },
    { name: `${name}.update`, method: 'PUT', url: `${path}/:id`, scope: (p) => `${noun} ${p.id}` },
    { name: `${name}.delete`, method: 'DELETE', url: `${path}/:id`, scope: (p) => `${noun} ${p.id}` },
    ...extra.map((verb): GlobalOperation => ({
      name: `${name}.${verb}`,
      method: verb === 'enabled' ? 'PATCH' : 'POST',
      url: `${path}/:id/${verb}`,
      scope: (p) => `${noun} ${p.id}`,
      current: (_path, p) => record(p.id!),
    })),
  ];
}

/**
 * Who may use the console: creating an admin, changing its roles, enabling and resetting
 * it are global, so that one admin cannot make (and then act as) a second approver.
 */
const adminRecord = (p: Record<string, string>) => ({ method: 'GET' as const, url: `${adminsResource.path}/${p.id}` });
const ADMIN_OPERATIONS: GlobalOperation[] = [
  {
    name: 'admin.create',
    method: 'POST',
    url: adminsResource.path,
    scope: (_p, body) =>
      `new admin ${String(field(body, 'email') ?? '')
        .trim()
        .toLowerCase()}`,
  },
  { name: 'admin.update', method: 'PUT', url: `${adminsResource.path}/:id`, scope: (p) => `admin account ${p.id}` },
  {
    name: 'admin.status',
    method: 'PATCH',
    url: `${adminsResource.path}/:id/status`,
    scope: (p) => `admin account ${p.id}`,
    current: (_path, p) => adminRecord(p),
  },
  {
    name: 'admin.resetPassword',
    method: 'POST',
    url: `${adminsResource.path}/:id/reset-password`,
    scope: (p) => `admin account ${p.id}`,
    current: (_path, p) => adminRecord(p),
  },
  {
    name: 'admin.resetFactors',
    method: 'POST',
    url: `${adminsResource.path}/:id/reset-factors`,
    scope: (p) => `admin account ${p.id}`,
    current: (_path, p) => adminRecord(p),
  },
];

/**
 * What players read (issue "Trust II"): a news item is visible from its publish start (a create or
 * an edit publishes it, now or at that time), a terms-of-service version from its publication.
 */
const newsRecord = (p: Record<string, string>) => ({ method: 'GET' as const, url: `${newsResource.path}/${p.id}` });
const PUBLISHING_OPERATIONS: GlobalOperation[] = [
  {
    name: 'news.create',
    method: 'POST',
    url: newsResource.path,
    scope: (_p, body) => `new ${newsResource.noun} ${String(field(body, 'title') ?? '')}`.trim(),
  },
  {
    name: 'news.update',
    method: 'PUT',
    url: `${newsResource.path}/:id`,
    scope: (p) => `${newsResource.noun} ${p.id}`,
    current: (_path, p) => newsRecord(p),
  },
  {
    name: 'termsOfService.publish',
    method: 'POST',
    url: `${termsOfServiceResource.path}/:id/publish`,
    // `<noun> <id>`: the list's publish confirm asks it typed in "confirm" (the shell's useRecordAction).
    scope: (p) => `${termsOfServiceResource.noun} ${p.id}`,
    current: (_path, p) => ({ method: 'GET', url: `${termsOfServiceResource.path}/${p.id}` }),
  },
];

/**
 * A remote's canary (docs/releasing.md): promoting it loads it for every admin, aborting it sends
 * its audience back to the stable version; both rewrite the environment's pins.
 */
const RELEASE_OPERATIONS: GlobalOperation[] = (['promote', 'abort'] as const).map((decision) => ({
  name: `release.${decision}`,
  method: 'POST',
  url: `${RELEASES_PATH}/:remote/${decision}`,
  scope: (p, body) => `${p.remote} canary ${String(field(body, 'canaryVersion') ?? '')} → ${decision === 'promote' ? 'stable' : 'aborted'}`,
  current: () => ({ method: 'GET', url: RELEASES_PATH }),
}));

export const GLOBAL_OPERATIONS: GlobalOperation[] = [
  ...ADMIN_OPERATIONS,
  ...RELEASE_OPERATIONS,
  {
    name: 'battle.forceEndAll',
    method: 'POST',
    url: BATTLE_FORCE_END_PATH,
    scope: GLOBAL_SCOPES.allBattles,
    current: () => ({ method: 'GET', url: BATTLE_FORCE_END_PATH }),
  },
  {
    name: 'globalSignOut.run',
    method: 'POST',
    url: GLOBAL_SIGN_OUT_PATH,
    scope: GLOBAL_SCOPES.allPlayers,
    current: () => ({ method: 'GET', url: GLOBAL_SIGN_OUT_PATH }),
  },
  // Presents to many ids, bulk bans, policy members: per call and per admin per day.
  ...ID_LIST_OPERATIONS,
  ...PUBLISHING_OPERATIONS,
  ...documentOperations('maintenance', maintenanceDocument.path, 'maintenance'),
  ...documentOperations('health', healthDocument.path, 'game balance health'),
  ...documentOperations('cooldown', cooldownDocument.path, 'game balance cooldown'),
  ...documentOperations('energy', energyDocument.path, 'game balance energy'),
  ...resourceOperations('worldMessage', worldMessagesResource.path, 'world message', ['cancel', 'end']),
  ...resourceOperations('constantVariable', constantVariablesResource.path, 'constant variable'),
  ...resourceOperations('activeFlag', activeFlagsResource.path, 'flag', ['enabled']),
  // The record of intent of a staking change: the owner's wallet signs it once recorded.
  { name: 'staking.intent', method: 'POST', url: STAKING_INTENTS_PATH, scope: (_p, body) => `staking ${String(field(body, 'change'))}` },
];
