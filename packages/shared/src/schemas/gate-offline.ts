/**
 * The offline gate's numbers the web app reads at runtime (issue 29, docs/event-day.md); its request
 * and response shapes are in contract/gate-offline.ts, which the web build reduces to paths.
 */

/** How many queued scans one sync may carry: a gate offline for an evening sends them in batches. */
export const OFFLINE_SYNC_MAX = 200;
