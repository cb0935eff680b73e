import type { Player } from '@phoenix/contract';

const audit = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z', updatedBy: null };

export const alice: Player = {
  id: 42,
  name: 'Alice Moreau',
  walletAddress: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
  level: 17,
  status: 'active',
  banEndsAt: null,
  lastSeenAt: '2025-03-01T09:00:00.000Z',
  version: 3,
  ...audit,
};

export const bob: Player = {
  id: 43,
  name: 'Bob Tanaka',
  walletAddress: null,
  level: 3,
  status: 'banned',
  banEndsAt: '2031-01-01T00:00:00.000Z',
  lastSeenAt: null,
  version: 5,
  ...audit,
};
