import type { ConstantVariable } from '@phoenix/contract';

export const maxTurns: ConstantVariable = {
  id: 7,
  key: 'battle.maxTurns',
  type: 'number',
  value: '30',
  description: 'Turns before a battle is a draw',
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const motd: ConstantVariable = {
  id: 8,
  key: 'lobby.motd',
  type: 'json',
  value: '{"text":"<script>alert(1)</script>"}',
  description: 'Lobby message',
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  updatedBy: null,
};
