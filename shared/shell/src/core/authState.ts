import { atom } from 'jotai';

/** Auth state (seed §3): the signed-in account and the `token` header. Never a password. */
export interface Account {
  email: string;
}
export const accountAtom = atom<Account | null>(null);
export const tokenAtom = atom<string | null>(null);

/**
 * Where to go back to after signing in again (a 401 anywhere signs out; PRODUCT §6).
 * Set by the host's unauthorized handler, consumed by the login page.
 */
export const returnToAtom = atom<string | null>(null);

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** The host registers what a 401 does (sign out, remember the page); API clients call it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}
export function notifyUnauthorized(): void {
  unauthorizedHandler();
}
