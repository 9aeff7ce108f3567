/**
 * The streaming domain (the kiosk's event stream, docs/product.md#calls; stream tickets, decision 028): the
 * stream route a totem holds open, the single-use tickets that open it and their SQL. What the
 * rest of the server may use of it; the rest of this folder, its SQL included, is private
 * (decision 030). The stream hub (the connections on this instance) and the back-office's live
 * responses stay in lib/: every domain sends through them.
 */
export { streamRoutes, streamTicketRoutes } from './stream-routes.js';
// The app-wide auth plugin redeems a ticket when a stream opens with one.
export type { StreamTickets } from './stream-tickets.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { StreamTicketRepository, type StreamTicketRecord } from './stream-ticket-repository.js';
