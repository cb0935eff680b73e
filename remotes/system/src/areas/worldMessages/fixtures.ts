import type { WorldMessage } from '@phoenix/contract';

const base = {
  cancelledAt: null,
  cancelledBy: null,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const restartNotice: WorldMessage = {
  ...base,
  id: 5,
  message: 'Servers restart at 03:00 UTC for 10 minutes.',
  severity: 'warning',
  displayStart: '2030-05-01T02:00:00.000Z',
  displayEnd: '2030-05-01T03:10:00.000Z',
  state: 'scheduled',
  version: 2,
};

export const welcomeBanner: WorldMessage = {
  ...base,
  id: 6,
  message: 'Welcome to season 4!',
  severity: 'info',
  displayStart: '2025-03-01T00:00:00.000Z',
  displayEnd: '2030-01-01T00:00:00.000Z',
  state: 'showing',
  version: 1,
};

export const oldOutage: WorldMessage = {
  ...base,
  id: 7,
  message: 'Login issues <b>fixed</b>',
  severity: 'critical',
  displayStart: '2025-01-01T00:00:00.000Z',
  displayEnd: '2025-01-02T00:00:00.000Z',
  state: 'ended',
  version: 1,
};

export const droppedPromo: WorldMessage = {
  ...base,
  id: 8,
  message: 'Flash sale!',
  severity: 'info',
  displayStart: '2030-06-01T00:00:00.000Z',
  displayEnd: '2030-06-02T00:00:00.000Z',
  state: 'cancelled',
  cancelledAt: '2025-03-02T00:00:00.000Z',
  cancelledBy: 'lead@example.com',
  version: 2,
};
