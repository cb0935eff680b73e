/**
 * @phoenix/shell: the contract between the host and the remotes. Shared as a Module Federation
 * singleton, so there is one auth state, one store and one set of modals in the page.
 */
export const SHELL_CONTRACT_VERSION = '1.7.0';
export * from './core';
export * from './api';
export * from './session';
export * from './auth';
export * from './layout';
export * from './modals';
export * from './data';
export * from './toasts';
export * from './i18n';
export * from './resources';
export * from './sections';
export * from './live';
