import { createStore } from 'jotai';

/**
 * The one jotai store of the console. The shell package is a Module Federation singleton,
 * so the host and every remote read and write these same atoms.
 */
export const shellStore = createStore();

export type ShellStore = typeof shellStore;
