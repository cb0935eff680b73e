import type { NewsItem } from '@phoenix/contract';

export const patchNotes: NewsItem = {
  id: 42,
  title: 'Patch 1.2 is live',
  body: '## Fixes\n- The **arena** no longer freezes <script>alert(1)</script>',
  category: 'update',
  publishStart: '2025-03-01T09:00:00.000Z',
  publishEnd: null,
  pinned: true,
  status: 'published',
  version: 3,
  createdAt: '2025-02-28T09:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const springEvent: NewsItem = {
  id: 43,
  title: 'Spring event',
  body: 'Double XP all weekend.',
  category: 'event',
  publishStart: '2030-04-01T00:00:00.000Z',
  publishEnd: '2030-04-03T00:00:00.000Z',
  pinned: false,
  status: 'scheduled',
  version: 1,
  createdAt: '2025-03-02T00:00:00.000Z',
  updatedAt: '2025-03-02T00:00:00.000Z',
  updatedBy: null,
};
