import type { AdminAccount } from '@phoenix/contract';

const audit = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z', updatedBy: null };

export const me: AdminAccount = {
  id: 1,
  email: 'admin@phoenix.local',
  role: 2,
  roles: ['owner'],
  status: 'active',
  mustChangePassword: false,
  lastSignInAt: '2025-03-01T09:00:00.000Z',
  version: 4,
  ...audit,
};

export const colleague: AdminAccount = {
  id: 2,
  email: 'ops@phoenix.local',
  role: 2,
  roles: ['owner'],
  status: 'active',
  mustChangePassword: true,
  lastSignInAt: null,
  version: 2,
  ...audit,
};
