import type { GameApi, Policy } from '@phoenix/contract';

export const tradeFreeze: Policy = {
  id: 7,
  name: 'Trade freeze',
  description: 'Blocks the market while an account is reviewed',
  apiIds: [17, 18],
  memberCount: 1234,
  version: 2,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-02T09:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const chatMute: Policy = {
  id: 8,
  name: 'Chat mute <b>',
  description: '',
  apiIds: [],
  memberCount: 0,
  version: 1,
  createdAt: '2025-03-03T09:00:00.000Z',
  updatedAt: '2025-03-03T09:00:00.000Z',
  updatedBy: null,
};

export const gameApis: GameApi[] = [
  { id: 13, code: 'chat.send', name: 'Send chat message', description: 'Post a message in world or guild chat.' },
  { id: 18, code: 'market.buy', name: 'Buy on market', description: 'Buy an item another player listed.' },
  { id: 17, code: 'market.list', name: 'List on market', description: 'Put an item up for sale.' },
];
