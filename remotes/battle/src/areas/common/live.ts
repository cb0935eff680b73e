/** How often the live counts (ongoing battles, open sessions) refresh while their page is open. */
export const LIVE_COUNT_MS = 5_000;
