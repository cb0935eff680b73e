// Live updates across instances: PostgreSQL LISTEN/NOTIFY → one listener per instance → server-sent events.
export { LiveHub, parseLiveEvent } from './hub';
export { LIVE_CHANNEL, startLiveListener, type LiveListener } from './listener';
export { installLiveEvents, type LiveEvents, type LiveEventsOptions } from './routes';
