export { connectLiveEvents, liveStatus, type LiveConnectionOptions, type LiveStatus } from './liveEvents';
export { useLiveEvents, useLiveFallbackInterval, useLiveStatus } from './useLiveEvents';
