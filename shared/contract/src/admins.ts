import { z } from 'zod';

export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** An admin account as the BFF returns it (GET /admins). Never carries a password hash. */
export interface AdminAccount {
  id: number;
  email: string;
  role: number;
  status: AdminStatus;
  lastSignInAt: string | null;
  createdAt: string;
}

export const ADMIN_SORTS = ['email', 'role', 'status', 'lastSignInAt', 'createdAt'] as const;

/** PATCH /admins/:id/status. Disabling ends the account's sessions at once. */
export const adminStatusUpdateSchema = z.object({
  status: z.enum(ADMIN_STATUSES, { message: 'Pick active or disabled' }),
});
export type AdminStatusUpdate = z.infer<typeof adminStatusUpdateSchema>;
