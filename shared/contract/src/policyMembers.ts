import { z } from 'zod';
import { listQuerySchema } from './common';
import { playerIdListSchema } from './players';
import { lazy } from './lazy';

// Policy members (route policies/users_in_policy; BFF feature policyMembers): the players a policy applies to.

/** One member: the player and when it was added. */
export interface PolicyMember {
  playerId: number;
  name: string;
  level: number;
  addedAt: string;
  addedBy: string;
}
/** GET /policies/:id/members: q = an exact player id or a name prefix (case-insensitive). Newest first. */
export const policyMemberQuerySchema = lazy(() => listQuerySchema.pick({ page: true, pageSize: true, q: true }));
export type PolicyMemberQuery = z.infer<typeof policyMemberQuerySchema>;

/** POST /policies/:id/members (add) and /members/check, /members/remove: a list of player ids. */
export const policyMemberIdsSchema = lazy(() => z.object({ ids: playerIdListSchema }));
export type PolicyMemberIds = z.infer<typeof policyMemberIdsSchema>;

/** → /members/check: which ids are not players, which are members already (each in the order sent). */
export interface PolicyMemberCheck {
  unknown: number[];
  alreadyMembers: number[];
}
export interface PolicyMembersAdded {
  added: number;
  alreadyMembers: number;
  unknown: number[];
}
export interface PolicyMembersRemoved {
  removed: number;
}

export const policyMemberSchema = lazy(() =>
  z.object({ playerId: z.number().int(), name: z.string(), level: z.number().int(), addedAt: z.string(), addedBy: z.string() }),
);
export const policyMemberCheckSchema = lazy(() =>
  z.object({ unknown: z.array(z.number().int()), alreadyMembers: z.array(z.number().int()) }),
);
export const policyMembersAddedSchema = lazy(() =>
  z.object({ added: z.number().int(), alreadyMembers: z.number().int(), unknown: z.array(z.number().int()) }),
);
export const policyMembersRemovedSchema = lazy(() => z.object({ removed: z.number().int() }));
