/**
 * Every call of the API, once: method, Fastify path pattern (full, from the root), who may call it
 * and what it does. The clients' paths (`call(name, …)` and `pathOf(name, …)` of
 * route-client.ts) and the server's route patterns (`routePatterns`, `adminRoutePatterns`…) are
 * derived from it, and a server test fails when the server registers an API route the table
 * lacks, or the table names one the server lacks (apps/server/src/route-table.test.ts).
 *
 * Each route's request and response schemas are in route-schemas.ts (a route without an entry
 * there is a type error); from both come the OpenAPI document (/api/openapi.json, /api/docs) and
 * the clients' answer types (`ResponseOf<'zones'>`).
 */

/**
 * Who may call: nobody in particular, a kiosk (its token), a back-office session, the publish
 * token, the alert token, or the metrics token (a Prometheus server's scrape).
 */
export type RouteAuth =
  'none' | 'kiosk-token' | 'admin-session' | 'publish-token' | 'alert-token' | 'metrics-token';
export type RouteMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: RouteMethod;
  /** Fastify pattern from the root, `:name` for a parameter. */
  path: string;
  auth: RouteAuth;
  summary: string;
}

const route = (
  method: RouteMethod,
  path: string,
  auth: RouteAuth,
  summary: string,
): RouteDefinition => ({ method, path, auth, summary });

/** The back-office API's prefix. */
export const ADMIN_PREFIX = '/api/admin';
const A = ADMIN_PREFIX;

export const ROUTES = {
  // ---------- kiosk (docs/product.md#calls) ----------
  login: route('POST', '/clientauth', 'none', 'Kiosk login: development, login, client hash'),
  ping: route('HEAD', '/display/ping', 'none', 'Network check'),
  zones: route('GET', '/display/zones/:devid', 'kiosk-token', 'Zones of a development'),
  zone: route('GET', '/display/zone/:devid/:zonename', 'kiosk-token', 'One zone by name'),
  elements: route('GET', '/display/elements/:zoneid', 'kiosk-token', 'Elements of a zone'),
  subelements: route(
    'GET',
    '/display/subelements/:elementid',
    'kiosk-token',
    'Sub-elements of an element',
  ),
  subgroups: route(
    'GET',
    '/display/:elementid/subgroups',
    'kiosk-token',
    'Sub-groups of an element',
  ),
  populatedSubgroups: route(
    'GET',
    '/display/subgroups/:elementid/populated/:modelLabel',
    'kiosk-token',
    'Sub-groups of an element with their fields',
  ),
  subgroupSubelements: route(
    'GET',
    '/display/subgroup/:subgroupid/subelements',
    'kiosk-token',
    'Values of a sub-group',
  ),
  subgroupFieldSubelements: route(
    'GET',
    '/display/subgroup/:subgroupid/field/:fieldlabel/subelements',
    'kiosk-token',
    'Values of one field of a sub-group',
  ),
  populatedSubgroup: route(
    'GET',
    '/display/subgroup/:subgroupid/populated',
    'kiosk-token',
    'One sub-group with its fields',
  ),
  snapshot: route(
    'GET',
    '/display/snapshot/:devid',
    'kiosk-token',
    'The whole published content of a development (ETag)',
  ),
  changes: route(
    'GET',
    '/display/changes/:devid',
    'kiosk-token',
    'What changed since a revision the kiosk holds (delta sync)',
  ),
  frameChecks: route(
    'GET',
    '/display/frames/:devid',
    'kiosk-token',
    'Whether the published frame addresses may be shown in the kiosk’s frames',
  ),
  heartbeat: route(
    'POST',
    '/display/heartbeat/:devid',
    'kiosk-token',
    'A kiosk reports its status to the fleet view',
  ),
  kioskOwnSettings: route(
    'GET',
    '/display/kiosk-settings/:devid',
    'kiosk-token',
    'The token’s totem’s own settings: its name, place and « Vous êtes ici » points',
  ),
  kioskCommandAck: route(
    'POST',
    '/display/commands/:devid/:commandId/ack',
    'kiosk-token',
    'A totem acknowledges a remote command it ran (done, or failed with a reason)',
  ),
  kioskThumbnailUpload: route(
    'POST',
    '/display/thumbnails/:devid',
    'kiosk-token',
    'A totem sends the thumbnail it drew of its own page (WebP, with its route and revision)',
  ),
  kioskUsage: route(
    'POST',
    '/display/usage/:devid',
    'kiosk-token',
    'A totem sends a batch of usage events (each stored once, however often the batch is retried)',
  ),
  streamTicket: route(
    'POST',
    '/display/stream-ticket/:devid',
    'kiosk-token',
    'A single-use ticket (60 s) that opens the event stream without the token in its URL',
  ),
  stream: route(
    'GET',
    '/stream/:devid',
    'kiosk-token',
    'Server-sent events: sync, zone and element messages (a stream ticket in the query)',
  ),
  publish: route(
    'POST',
    '/api/publish/:devid',
    'publish-token',
    "Publish the development's draft to its kiosks",
  ),
  alertStart: route(
    'POST',
    '/api/alerts/:devid',
    'alert-token',
    'Start an emergency alert on every totem of a development',
  ),
  alertEnd: route('DELETE', '/api/alerts/:devid', 'alert-token', 'End the emergency alert'),
  alertGet: route('GET', '/api/alerts/:devid', 'alert-token', 'The emergency alert in force'),
  alertCap: route(
    'POST',
    '/api/alerts/:devid/cap',
    'alert-token',
    'A CAP 1.2 message (a building system, a fire panel): start, update or cancel an alert',
  ),
  alertCapAcks: route(
    'GET',
    '/api/alerts/:devid/cap/acks',
    'alert-token',
    'Which totems showed the alert a CAP message started, and when',
  ),
  config: route('GET', '/config.json', 'none', "The kiosk's runtime configuration"),
  health: route('GET', '/healthz', 'none', 'Liveness'),
  metrics: route(
    'GET',
    '/metrics',
    'metrics-token',
    'Prometheus metrics: each totem, the emergency alerts and the server process',
  ),
  openapi: route('GET', '/api/openapi.json', 'none', 'This API as an OpenAPI 3.1 document'),
  docs: route('GET', '/api/docs', 'none', 'This API’s documentation page (HTML)'),

  // ---------- back-office ----------
  adminLogin: route('POST', `${A}/login`, 'none', 'Back-office login (sets the session cookie)'),
  adminLogout: route('POST', `${A}/logout`, 'admin-session', 'Back-office logout'),
  adminMe: route('GET', `${A}/me`, 'admin-session', 'The session’s user and CSRF token'),
  adminSessionProbe: route(
    'GET',
    `${A}/session`,
    'none',
    'The session’s user and CSRF token, or null when not logged in',
  ),
  adminContentModels: route('GET', `${A}/content-models`, 'admin-session', 'Content models'),
  adminDevelopments: route('GET', `${A}/developments`, 'admin-session', 'Developments'),
  adminCreateDevelopment: route('POST', `${A}/developments`, 'admin-session', 'New development'),
  adminAccounts: route(
    'GET',
    `${A}/developments/:devid/accounts`,
    'admin-session',
    'Kiosk accounts of a development',
  ),
  adminCreateAccount: route(
    'POST',
    `${A}/developments/:devid/accounts`,
    'admin-session',
    'New kiosk account',
  ),
  adminAccountPassword: route(
    'PUT',
    `${A}/developments/:devid/accounts/:accountid/password`,
    'admin-session',
    'Reset a kiosk account’s password',
  ),
  adminRevokeTokens: route(
    'POST',
    `${A}/developments/:devid/revoke-tokens`,
    'admin-session',
    'Log every kiosk of the development out',
  ),
  adminUsers: route('GET', `${A}/users`, 'admin-session', 'Back-office users'),
  adminCreateUser: route('POST', `${A}/users`, 'admin-session', 'New back-office user'),
  adminUpdateUser: route('PATCH', `${A}/users/:userid`, 'admin-session', 'Change a user'),
  adminZones: route('GET', `${A}/developments/:devid/zones`, 'admin-session', 'Draft zones'),
  adminCreateZone: route('POST', `${A}/developments/:devid/zones`, 'admin-session', 'New zone'),
  adminZone: route('GET', `${A}/zones/:zoneid`, 'admin-session', 'One draft zone'),
  adminUpdateZone: route('PATCH', `${A}/zones/:zoneid`, 'admin-session', 'Change a zone'),
  adminDeleteZone: route('DELETE', `${A}/zones/:zoneid`, 'admin-session', 'Delete a zone'),
  adminElements: route('GET', `${A}/zones/:zoneid/elements`, 'admin-session', 'Draft elements'),
  adminCreateElement: route('POST', `${A}/zones/:zoneid/elements`, 'admin-session', 'New element'),
  adminReorderElements: route(
    'PUT',
    `${A}/zones/:zoneid/elements/order`,
    'admin-session',
    'Reorder a zone’s elements',
  ),
  adminElement: route('GET', `${A}/elements/:elementid`, 'admin-session', 'One draft element'),
  adminUpdateElement: route(
    'PATCH',
    `${A}/elements/:elementid`,
    'admin-session',
    'Change an element',
  ),
  adminDeleteElement: route(
    'DELETE',
    `${A}/elements/:elementid`,
    'admin-session',
    'Delete an element',
  ),
  adminSubelements: route(
    'GET',
    `${A}/elements/:elementid/subelements`,
    'admin-session',
    'Draft sub-elements of an element',
  ),
  adminCreateSubelement: route(
    'POST',
    `${A}/elements/:elementid/subelements`,
    'admin-session',
    'New sub-element',
  ),
  adminReorderSubelements: route(
    'PUT',
    `${A}/elements/:elementid/subelements/order`,
    'admin-session',
    'Reorder an element’s sub-elements',
  ),
  adminSubelement: route(
    'GET',
    `${A}/subelements/:subelementid`,
    'admin-session',
    'One draft sub-element',
  ),
  adminUpdateSubelement: route(
    'PATCH',
    `${A}/subelements/:subelementid`,
    'admin-session',
    'Change a sub-element',
  ),
  adminDeleteSubelement: route(
    'DELETE',
    `${A}/subelements/:subelementid`,
    'admin-session',
    'Delete a sub-element',
  ),
  adminSubgroups: route(
    'GET',
    `${A}/elements/:elementid/subgroups`,
    'admin-session',
    'Draft sub-groups of an element',
  ),
  adminCreateSubgroup: route(
    'POST',
    `${A}/elements/:elementid/subgroups`,
    'admin-session',
    'New sub-group',
  ),
  adminReorderSubgroups: route(
    'PUT',
    `${A}/elements/:elementid/subgroups/order`,
    'admin-session',
    'Reorder an element’s sub-groups',
  ),
  adminSubgroup: route('GET', `${A}/subgroups/:subgroupid`, 'admin-session', 'One draft sub-group'),
  adminUpdateSubgroup: route(
    'PATCH',
    `${A}/subgroups/:subgroupid`,
    'admin-session',
    'Change a sub-group',
  ),
  adminDeleteSubgroup: route(
    'DELETE',
    `${A}/subgroups/:subgroupid`,
    'admin-session',
    'Delete a sub-group',
  ),
  adminPublish: route(
    'POST',
    `${A}/developments/:devid/publish`,
    'admin-session',
    'Publish the draft to the totems (a new revision)',
  ),
  adminScheduledPublications: route(
    'GET',
    `${A}/developments/:devid/scheduled`,
    'admin-session',
    'Scheduled publications of a development: waiting, held, and the last ones published or cancelled',
  ),
  adminReschedule: route(
    'PATCH',
    `${A}/developments/:devid/scheduled/:setid`,
    'admin-session',
    'Move a scheduled publication to another instant (a held one is scheduled again)',
  ),
  adminCancelScheduled: route(
    'DELETE',
    `${A}/developments/:devid/scheduled/:setid`,
    'admin-session',
    'Cancel a scheduled publication (its changes stay in the draft)',
  ),
  adminFourEyes: route(
    'GET',
    `${A}/developments/:devid/four-eyes`,
    'admin-session',
    'Four-eyes publishing of a development: on or off, and whether the publish token may still publish',
  ),
  adminSaveFourEyes: route(
    'PUT',
    `${A}/developments/:devid/four-eyes`,
    'admin-session',
    'Turn four-eyes publishing on or off (admins)',
  ),
  adminPublicationRequests: route(
    'GET',
    `${A}/developments/:devid/publication-requests`,
    'admin-session',
    'Publication requests: those waiting for approval, then the last ones decided',
  ),
  adminCreatePublicationRequest: route(
    'POST',
    `${A}/developments/:devid/publication-requests`,
    'admin-session',
    'Ask for a publication (the draft or one zone, fixed now) or a rollback, for someone else to approve',
  ),
  adminPublicationRequest: route(
    'GET',
    `${A}/developments/:devid/publication-requests/:setid`,
    'admin-session',
    'One publication request with its changes, and what changed since it was made',
  ),
  adminApprovePublicationRequest: route(
    'POST',
    `${A}/developments/:devid/publication-requests/:setid/approve`,
    'admin-session',
    'Approve someone else’s request: it publishes now, or at its requested time',
  ),
  adminRefusePublicationRequest: route(
    'POST',
    `${A}/developments/:devid/publication-requests/:setid/refuse`,
    'admin-session',
    'Refuse a request, with a comment (its changes stay in the draft)',
  ),
  adminWithdrawPublicationRequest: route(
    'DELETE',
    `${A}/developments/:devid/publication-requests/:setid`,
    'admin-session',
    'Withdraw a waiting request (its changes stay in the draft)',
  ),
  adminPreview: route(
    'GET',
    `${A}/developments/:devid/preview`,
    'admin-session',
    'Preview snapshot (never cached): the draft, live plus the scheduled publications due by an instant, or live plus one change set',
  ),
  adminWeekAhead: route(
    'GET',
    `${A}/developments/:devid/week-ahead`,
    'admin-session',
    'The week ahead: what changes on the totems over seven plant-local days — scheduled publications, sub-group windows, « nouveau » badges ending',
  ),
  adminRevisions: route(
    'GET',
    `${A}/developments/:devid/revisions`,
    'admin-session',
    'Published revisions, newest first',
  ),
  adminRevisionChanges: route(
    'GET',
    `${A}/developments/:devid/revisions/:revision/changes`,
    'admin-session',
    'What one revision changed, item by item',
  ),
  adminDraftChanges: route(
    'GET',
    `${A}/developments/:devid/draft/changes`,
    'admin-session',
    'Unpublished changes: the draft against the published revision',
  ),
  adminDiscardDraft: route(
    'POST',
    `${A}/developments/:devid/draft/discard`,
    'admin-session',
    'Return the draft (or one zone of it) to the published revision',
  ),
  adminRollback: route(
    'POST',
    `${A}/developments/:devid/revisions/:revision/rollback`,
    'admin-session',
    'Publish an earlier revision’s content again, as a new revision',
  ),
  adminRollbackPreview: route(
    'GET',
    `${A}/developments/:devid/revisions/:revision/rollback-preview`,
    'admin-session',
    'What returning to a revision would change on the totems now, item by item',
  ),
  adminRevisionContent: route(
    'GET',
    `${A}/developments/:devid/revisions/:revision/content`,
    'admin-session',
    'A revision’s whole content, read-only',
  ),
  adminAudit: route('GET', `${A}/audit`, 'admin-session', 'Audit log'),
  adminFleet: route('GET', `${A}/fleet`, 'admin-session', 'Kiosks and their status'),
  adminFleetStream: route(
    'GET',
    `${A}/fleet/stream`,
    'admin-session',
    'Server-sent events: the fleet, live',
  ),
  adminKioskProfile: route(
    'PUT',
    `${A}/developments/:devid/kiosks/:kioskId/profile`,
    'admin-session',
    'Set a totem’s name, location, groups and note (in force at once, no publish)',
  ),
  adminForgetKiosk: route(
    'DELETE',
    `${A}/developments/:devid/kiosks/:kioskId`,
    'admin-session',
    'Forget a totem: its token is refused, its fleet entry removed',
  ),
  adminPurgeKiosks: route(
    'POST',
    `${A}/developments/:devid/kiosks/purge`,
    'admin-session',
    'Forget the totems silent for longer than a given time',
  ),
  adminKioskPlanMarks: route(
    'GET',
    `${A}/developments/:devid/kiosks/:kioskId/plan-marks`,
    'admin-session',
    'A totem’s « Vous êtes ici » points on the site plan’s images',
  ),
  adminSetKioskPlanMarks: route(
    'PUT',
    `${A}/developments/:devid/kiosks/:kioskId/plan-marks`,
    'admin-session',
    'Set a totem’s « Vous êtes ici » points (in force at once, no publish)',
  ),
  adminSendKioskCommand: route(
    'POST',
    `${A}/developments/:devid/commands`,
    'admin-session',
    'Send a remote command to a totem, a group of totems or all of them',
  ),
  adminKioskCommands: route(
    'GET',
    `${A}/developments/:devid/commands`,
    'admin-session',
    'The remote commands sent to the development’s totems, newest first',
  ),
  adminKioskThumbnails: route(
    'GET',
    `${A}/developments/:devid/kiosks/:kioskId/thumbnails`,
    'admin-session',
    'A totem’s latest thumbnails of its own page, newest first',
  ),
  adminKioskThumbnailImage: route(
    'GET',
    `${A}/developments/:devid/kiosks/:kioskId/thumbnails/:thumbnailId`,
    'admin-session',
    'One thumbnail’s picture (WebP)',
  ),
  adminHealthRules: route(
    'GET',
    `${A}/developments/:devid/health-rules`,
    'admin-session',
    'The development’s health rules (server-side, never published)',
  ),
  adminSaveHealthRules: route(
    'PUT',
    `${A}/developments/:devid/health-rules`,
    'admin-session',
    'Save the development’s health rules (admins; in force at the next check)',
  ),
  adminHealthIncidents: route(
    'GET',
    `${A}/developments/:devid/health-incidents`,
    'admin-session',
    'The development’s open and recent health incidents, newest first, and its muted totems',
  ),
  adminMuteKiosk: route(
    'POST',
    `${A}/developments/:devid/kiosks/:kioskId/mute`,
    'admin-session',
    'Mute a totem’s health messages for some hours (planned work)',
  ),
  adminUnmuteKiosk: route(
    'DELETE',
    `${A}/developments/:devid/kiosks/:kioskId/mute`,
    'admin-session',
    'End a totem’s mute',
  ),
  adminNotificationSettings: route(
    'GET',
    `${A}/notification-settings`,
    'admin-session',
    'Where health messages go: the server’s webhook and e-mail settings (admins; secrets never answered)',
  ),
  adminSaveNotificationSettings: route(
    'PUT',
    `${A}/notification-settings`,
    'admin-session',
    'Save the server’s notification settings (admins; a secret only when given)',
  ),
  adminTestNotification: route(
    'POST',
    `${A}/notification-settings/test`,
    'admin-session',
    'Send a test notice now on one channel and answer its result (admins)',
  ),
  adminNotificationDeliveries: route(
    'GET',
    `${A}/notification-deliveries`,
    'admin-session',
    'The health notices’ deliveries, newest first, with their last answer (admins)',
  ),
  adminSsoSettings: route(
    'GET',
    `${A}/sso/settings`,
    'admin-session',
    'OpenID Connect sign-in settings (admins; the client secret never answered)',
  ),
  adminSaveSsoSettings: route(
    'PUT',
    `${A}/sso/settings`,
    'admin-session',
    'Save the OpenID Connect sign-in settings (admins; the secret only when given)',
  ),
  adminTestSso: route(
    'POST',
    `${A}/sso/settings/test`,
    'admin-session',
    'Discovery against the saved issuer, answered in French (admins)',
  ),
  adminSsoGroupRights: route(
    'GET',
    `${A}/sso/group-rights`,
    'admin-session',
    'The table from the provider’s groups to back-office rights (admins)',
  ),
  adminSaveSsoGroupRights: route(
    'PUT',
    `${A}/sso/group-rights`,
    'admin-session',
    'Replace the groups → rights table (admins; used from the next sign-in)',
  ),
  adminSsoStatus: route(
    'GET',
    `${A}/sso/status`,
    'none',
    'Whether the login page offers « Se connecter avec … », and the name it shows',
  ),
  adminSsoLogin: route(
    'GET',
    `${A}/sso/login`,
    'none',
    'Starts an OpenID Connect sign-in: redirects to the provider (state, nonce, PKCE)',
  ),
  adminSsoCallback: route(
    'GET',
    `${A}/sso/callback`,
    'none',
    'The provider’s redirect back: opens a back-office session, or returns to the login page',
  ),
  adminMedia: route(
    'GET',
    `${A}/developments/:devid/media`,
    'admin-session',
    'Media library of a development',
  ),
  adminUploadMedia: route(
    'POST',
    `${A}/developments/:devid/media`,
    'admin-session',
    'Upload a file (multipart)',
  ),
  adminDeleteMedia: route('DELETE', `${A}/media/:mediaid`, 'admin-session', 'Delete a file'),
  adminSettings: route(
    'GET',
    `${A}/developments/:devid/settings`,
    'admin-session',
    'The development’s settings, as in the draft',
  ),
  adminUpdateSettings: route(
    'PUT',
    `${A}/developments/:devid/settings`,
    'admin-session',
    'Save the development’s settings to the draft (published with the next revision)',
  ),
  adminAlert: route(
    'GET',
    `${A}/developments/:devid/alert`,
    'admin-session',
    'The emergency alert in force, its templates and which totems show it',
  ),
  adminStartAlert: route(
    'POST',
    `${A}/developments/:devid/alert`,
    'admin-session',
    'Trigger an emergency alert (the red button)',
  ),
  adminEndAlert: route(
    'DELETE',
    `${A}/developments/:devid/alert`,
    'admin-session',
    'End the emergency alert',
  ),
  adminAlertToken: route(
    'GET',
    `${A}/alert-token`,
    'admin-session',
    'The alert token of the fire-alarm panels, and where it comes from (admins)',
  ),
  adminRegenerateAlertToken: route(
    'POST',
    `${A}/alert-token/regenerate`,
    'admin-session',
    'Replace the generated alert token: the old one is refused at once (admins)',
  ),
  adminAlertStream: route(
    'GET',
    `${A}/developments/:devid/alert/stream`,
    'admin-session',
    'Server-sent events: the alert and the totems’ acknowledgements, live',
  ),
  adminAlertTimeline: route(
    'GET',
    `${A}/developments/:devid/alerts/:alertid/timeline.csv`,
    'admin-session',
    'One alert’s timeline (start, each totem’s acknowledgement, end) as CSV',
  ),
  adminCapMapping: route(
    'GET',
    `${A}/developments/:devid/cap-mapping`,
    'admin-session',
    'The rules from a CAP `event` or `eventCode` to an alert template, each saying whether its template is published',
  ),
  adminUpdateCapMapping: route(
    'PUT',
    `${A}/developments/:devid/cap-mapping`,
    'admin-session',
    'Replace the rules from CAP messages to alert templates: in effect for the next CAP message (admins)',
  ),
  adminUsageCsv: route(
    'GET',
    `${A}/developments/:devid/usage.csv`,
    'admin-session',
    'The development’s usage events between two instants, one CSV line per event',
  ),
  adminUsageDashboard: route(
    'GET',
    `${A}/developments/:devid/usage`,
    'admin-session',
    'What people read on the totems between two days: visits, pages, documents, languages',
  ),
  adminExportPack: route(
    'GET',
    `${A}/developments/:devid/pack`,
    'admin-session',
    'The development’s published content and its media, as a content pack (a zip download)',
  ),
  adminUploadPack: route(
    'POST',
    `${A}/packs`,
    'admin-session',
    'Upload a content pack (multipart): checked whole, kept an hour, answered with what it holds and what it will change',
  ),
  adminImportPack: route(
    'POST',
    `${A}/packs/:token/import`,
    'admin-session',
    'Import an uploaded content pack into a development’s draft (never to the totems)',
  ),
  adminDiscardPackUpload: route(
    'DELETE',
    `${A}/packs/:token`,
    'admin-session',
    'Drop an uploaded content pack without importing it',
  ),
  adminAlertTemplates: route(
    'GET',
    `${A}/developments/:devid/alert-templates`,
    'admin-session',
    'The development’s alert templates, as in the draft',
  ),
  adminCreateAlertTemplate: route(
    'POST',
    `${A}/developments/:devid/alert-templates`,
    'admin-session',
    'New alert template (in the draft: published with the next revision)',
  ),
  adminUpdateAlertTemplate: route(
    'PUT',
    `${A}/developments/:devid/alert-templates/:templateid`,
    'admin-session',
    'Change an alert template (in the draft)',
  ),
  adminDeleteAlertTemplate: route(
    'DELETE',
    `${A}/developments/:devid/alert-templates/:templateid`,
    'admin-session',
    'Delete an alert template from the draft',
  ),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;

/** A back-office route's pattern relative to the admin prefix (how the server registers it). */
export const adminRelative = (name: RouteName): string => {
  const { path } = ROUTES[name];
  if (!path.startsWith(ADMIN_PREFIX)) throw new Error(`${name} is not a back-office route`);
  return path.slice(ADMIN_PREFIX.length);
};

/**
 * A route's path with its parameters filled in (each one URL-encoded). Throws when a parameter is
 * missing: a client bug, not something to send to the server.
 */
export function fillPath(pattern: string, params: Record<string, number | string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
