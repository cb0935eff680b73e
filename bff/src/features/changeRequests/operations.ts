import {
  activeFlagsResource,
  BATTLE_FORCE_END_PATH,
  constantVariablesResource,
  cooldownDocument,
  presentDistributionsResource,
  STAKING_INTENTS_PATH,
  energyDocument,
  GLOBAL_SCOPES,
  GLOBAL_SIGN_OUT_PATH,
  healthDocument,
  maintenanceDocument,
  playersScope,
  worldMessagesResource,
} from '@phoenix/contract';
import { documentOperations, type GlobalOperation } from '@phoenix/server/http';

/**
 * Every operation marked global (issue 23): whatever reaches every player or changes the game for
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

export const GLOBAL_OPERATIONS: GlobalOperation[] = [
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
  {
    name: 'presentDistribution.create',
    method: 'POST',
    url: presentDistributionsResource.path,
    applies: (body, settings) =>
      field(body, 'target') !== 'list' ||
      (Array.isArray(field(body, 'playerIds')) && (field(body, 'playerIds') as unknown[]).length > settings.bulkIdsAbove),
    scope: (_p, body) =>
      field(body, 'target') === 'list' ? playersScope((field(body, 'playerIds') as unknown[]).length) : GLOBAL_SCOPES.allPlayers,
    current: (_path, _p, body) => ({
      method: 'POST',
      url: `${presentDistributionsResource.path}/preview`,
      body: { target: field(body, 'target'), playerIds: field(body, 'playerIds') ?? [] },
    }),
  },
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
