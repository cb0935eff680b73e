import { evaluateContractInSlices } from './config/contractInSlices';
import { startConfigFetch } from './config/earlyConfig';

// /config.json is read while the shared modules load, not after them.
startConfigFetch();
// The largest shared modules are evaluated each in the task that brings its chunks, as they arrive,
// rather than all together in one long task when the last chunk is in (they load in parallel either way).
void Promise.all([
  evaluateContractInSlices().then(() => import('@phoenix/contract')),
  import('react-dom/client'),
  import('react-router-dom'),
  import('i18next'),
  import('@phoenix/ui'),
]).catch(() => {}); // a chunk that fails fails the start below, which reports it
// Async boundary: lets Module Federation negotiate the shared singletons before any of them runs.
import('./bootstrap');
