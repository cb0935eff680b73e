import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminAccountSchema,
  adminCreateSchema,
  adminResetPasswordSchema,
  adminStatusUpdateSchema,
  adminUpdateSchema,
  idParamSchema,
  type AdminWithOneTimePassword,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { requireActor } from '@phoenix/server/http';
import { registerReadRoutes, requireStepUp, versionedChange } from '@phoenix/server/http';
import { mutate } from '@phoenix/server/db';
import { hashPassword } from '@phoenix/server/auth';
import { admins } from './repository';
import { newOneTimePassword } from './oneTimePassword';
import { changeAdminRole, changeAdminStatus, createAdmin, oneTimePasswordExpiry, resetAdminPassword } from './service';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'admins';

/**
 * Admin accounts (management): list / export / get, create and reset with a one-time password
 * (shown once, stored hashed, to be changed at the next sign-in), role, disable / enable.
 */
/** The account with the one-time password shown once (the contract's AdminWithOneTimePassword). */
const withOneTimePassword = z.object({ account: adminAccountSchema, oneTimePassword: z.string(), expiresAt: z.string() });

export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerReadRoutes(app, ctx, admins);
  // Managing admins and exporting their emails ask for the second factor again (step-up).
  requireStepUp(
    app,
    'GET /admins/export.csv',
    'POST /admins',
    'PUT /admins/:id',
    'PATCH /admins/:id/status',
    'POST /admins/:id/reset-password',
  );
  const hashed = async () => {
    const oneTimePassword = newOneTimePassword();
    return { oneTimePassword, passwordHash: await hashPassword(oneTimePassword, ctx.settings.passwordHash) };
  };

  app.post(
    '/admins',
    { schema: { body: adminCreateSchema, response: { 201: withOneTimePassword } } },
    async (request, reply): Promise<AdminWithOneTimePassword> => {
      const input = request.body;
      const actor = requireActor(request);
      const { oneTimePassword, passwordHash } = await hashed();
      const { account, expiresAt } = await mutate(ctx, actor, async (trx, now) => {
        const deadline = oneTimePasswordExpiry(now, ctx.settings.oneTimePasswordTtlMs);
        const outcome = await createAdmin(
          trx,
          { ...input, passwordHash, mustChangePassword: true, oneTimePasswordExpiresAt: deadline, by: actor.email },
          now,
        );
        return { ...outcome, result: { account: outcome.result, expiresAt: deadline.toISOString() } };
      });
      reply.status(201);
      return { account, oneTimePassword, expiresAt };
    },
  );

  app.put(
    '/admins/:id',
    versionedChange(
      ctx,
      adminUpdateSchema,
      (trx, id, input, actor, now) => changeAdminRole(trx, actor, id, input, now),
      adminAccountSchema,
    ),
  );

  app.patch(
    '/admins/:id/status',
    versionedChange(
      ctx,
      adminStatusUpdateSchema,
      (trx, id, input, actor, now) => changeAdminStatus(trx, actor, id, input, now),
      adminAccountSchema,
    ),
  );

  const resetSchema = { params: idParamSchema, body: adminResetPasswordSchema, response: { 200: withOneTimePassword } };
  app.post('/admins/:id/reset-password', { schema: resetSchema }, async (request): Promise<AdminWithOneTimePassword> => {
    const { id } = request.params;
    const input = request.body;
    const actor = requireActor(request);
    const secret = await hashed();
    const { oneTimePasswordTtlMs } = ctx.settings;
    return mutate(ctx, actor, (trx, now) => resetAdminPassword(trx, actor, id, { ...input, ...secret, oneTimePasswordTtlMs }, now));
  });
}

export default registerAdminRoutes;
