import { startConfigFetch } from './config/earlyConfig';
import { fetchStartFilesEarly } from './federation/earlyFiles';

// /config.json is read while the shared modules load, not after them, and so are the files it names
// that the first render needs (the remotes' routes.json; the page's remote's manifest, signed in).
startConfigFetch().then(
  (config) => fetchStartFilesEarly(config, window.location.pathname, () => window.localStorage),
  () => {}, // reported by the start (loadRuntimeConfig)
);
// The largest shared modules are evaluated each in the task that brings its chunks, as they arrive,
// rather than all together in one long task when the last chunk is in (they load in parallel either way).
void Promise.all([
  import('react-dom/client'),
  import('react-router-dom'),
  import('i18next'),
  import('react-i18next'),
  import('@tanstack/react-query'),
  import('styled-components'),
  import('./federation/compatibility'), // each routes.json's shell-contract check (semver), before the first render
]).catch(() => {}); // a chunk that fails fails the start below, which reports it
// Async boundary: lets Module Federation negotiate the shared singletons before any of them runs.
import('./bootstrap');
