import type { ActiveFlag } from '@phoenix/contract';

export const doubleUp: ActiveFlag = {
  id: 3,
  key: 'battle.double-up',
  description: 'Double-up weekends',
  enabled: true,
  version: 2,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const newShop: ActiveFlag = {
  id: 4,
  key: 'shop.new-layout',
  description: 'The redesigned shop',
  enabled: false,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  updatedBy: null,
};
