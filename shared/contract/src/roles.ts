/**
 * Role value of an administrator: the only role allowed into the console. In a file of its own (no
 * zod) so the host's lean sign-in page can check it without the contract's schemas.
 */
export const ADMIN_ROLE = 2;
