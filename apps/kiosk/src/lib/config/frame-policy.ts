/**
 * The query parameter of a reload made to learn a new frame policy (published settings, decision
 * 017): the page asks it (app/frame-policy-reload.ts), the service worker answers such a navigation
 * from the network rather than from its copy of index.html (sw.ts), so the page gets the server's
 * current Content-Security-Policy.
 */
export const POLICY_RELOAD_PARAM = 'policy';

/** How long the service worker waits for the network's page before using its own copy. */
export const POLICY_RELOAD_TIMEOUT_MS = 5000;
