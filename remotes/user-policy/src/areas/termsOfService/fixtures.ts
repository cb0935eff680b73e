import type { TermsVersion } from '@phoenix/contract';

const audit = { createdAt: '2025-03-01T00:00:00.000Z', updatedAt: '2025-03-02T00:00:00.000Z', updatedBy: 'ops@example.com' };

export const currentTerms: TermsVersion = {
  id: 1,
  title: 'Phoenix Terms',
  body: '# Terms\n\nOne account per player.\n\nNo cheating.\n',
  effectiveAt: '2025-03-01T00:00:00.000Z',
  publishedAt: '2025-02-20T00:00:00.000Z',
  publishedBy: 'legal@example.com',
  status: 'current',
  version: 2,
  ...audit,
};

export const stakingDraft: TermsVersion = {
  id: 2,
  title: 'Phoenix Terms (staking)',
  body: '# Terms\n\nOne account per player.\n\nStaked points are locked.\n',
  effectiveAt: '2030-01-01T00:00:00.000Z',
  publishedAt: null,
  publishedBy: null,
  status: 'draft',
  version: 3,
  ...audit,
};

export const typoDraft: TermsVersion = {
  ...stakingDraft,
  id: 3,
  title: 'Typo fixes',
  version: 1,
};
