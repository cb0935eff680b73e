/**
 * Test helpers: import from '@phoenix/shell/src/testing' in *.test.tsx files only.
 * Not exported from the package index, so it never lands in a bundle.
 */
import './installWebGlobals'; // must run before ky / react-router load
export * from './fakeBff';
export * from './renderWithShell';
export * from './resourcePagesContract';
export * from './watchDialogs';
export * from './remotePages';
