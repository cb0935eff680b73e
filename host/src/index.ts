import { startConfigFetch } from './config/earlyConfig';

// /config.json is read while the shared modules load, not after them.
startConfigFetch();
// Async boundary: lets Module Federation negotiate the shared singletons before any of them runs.
import('./bootstrap');
