/**
 * OpenID Connect sign-in to the back-office (issue 51, part 1; decision 046). ONE provider for the
 * whole server, configured by an admin: server-side, never published to the totems (decision 017).
 *
 * The client secret is write-only: answers say `hasSecret`, never the value; a save sets it only
 * when it carries one (absent: kept; "": cleared). The redirect URI is built from `publicBaseUrl`,
 * never from the request's Host, and shown so that the admin can copy it into the provider.
 *
 * Rights come from the user's groups through a table the admin edits (`SsoGroupRule`), recomputed
 * at each sign-in: several matching rules add up (admin wins, developments are joined, a right
 * given by one rule is given). A user whose groups match no rule gets no session.
 *
 * A failed sign-in comes back to the login page as `?sso_error=<code>`: a code, never a text, so
 * that a crafted link cannot put words of its own on the login page.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AdminRole } from './admin.js';
import { Id, IsoDate } from './entities.js';
import { adminRelative } from './route-table.js';

export const SSO_URL_MAX_LENGTH = 500;
export const SSO_SECRET_MAX_LENGTH = 500;
export const SSO_MAX_GROUP_RULES = 100;
export const SSO_DEFAULT_SCOPES = 'openid profile email';
export const SSO_DEFAULT_GROUPS_CLAIM = 'groups';
/** The path of the callback under the public address (what the provider must allow). */
export const SSO_CALLBACK_PATH = '/api/admin/sso/callback';
/** How often a signed-in SSO user is checked again with the provider (at most). */
export const SSO_RECHECK_MINUTES = 15;

const settingsFields = {
  enabled: Type.Boolean(),
  /** The provider's issuer identifier (https; http only on a loopback address). */
  issuer: Type.String({ maxLength: SSO_URL_MAX_LENGTH }),
  clientId: Type.String({ maxLength: 255 }),
  /** « Se connecter avec <displayName> » on the login page. */
  displayName: Type.String({ maxLength: 60 }),
  /** The ID token (or userinfo) claim that lists the user's groups. */
  groupsClaim: Type.String({ maxLength: 100 }),
  /** Space-separated scopes asked for; `openid` is required. */
  scopes: Type.String({ maxLength: 300 }),
  /** The back-office's address as users reach it (`https://totems.usine.example`). */
  publicBaseUrl: Type.String({ maxLength: SSO_URL_MAX_LENGTH }),
};

/** What the server answers: the settings, the secret replaced by whether it is set. */
export const SsoSettings = Type.Object({
  ...settingsFields,
  hasSecret: Type.Boolean(),
  /** What to register at the provider ("" until `publicBaseUrl` is set). */
  redirectUri: Type.String(),
  /** Bumped by every save (0: never saved). */
  version: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Union([IsoDate, Type.Null()]),
});
export type SsoSettings = Static<typeof SsoSettings>;

export const SsoSettingsRequest = Type.Object(
  {
    ...settingsFields,
    /** Absent: kept as it is; "": cleared; else the new client secret. */
    clientSecret: Type.Optional(Type.String({ maxLength: SSO_SECRET_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type SsoSettingsRequest = Static<typeof SsoSettingsRequest>;

/** « Tester la connexion »: discovery against the saved issuer. */
export const SsoTestResult = Type.Object({
  ok: Type.Boolean(),
  /** In French: what was found, or why it failed. */
  result: Type.String(),
  authorizationEndpoint: Type.Union([Type.String(), Type.Null()]),
  endSessionEndpoint: Type.Union([Type.String(), Type.Null()]),
});
export type SsoTestResult = Static<typeof SsoTestResult>;

/** One line of the groups → rights table. */
export const SsoGroupRule = Type.Object(
  {
    group: Type.String({ minLength: 1, maxLength: 200 }),
    role: AdminRole,
    /** 'all': every development (today's and tomorrow's); else the listed ones (editors). */
    developments: Type.Union([Type.Literal('all'), Type.Array(Id, { maxItems: 500 })]),
    canPublish: Type.Boolean(),
    canAlert: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SsoGroupRule = Static<typeof SsoGroupRule>;

export const SsoGroupRights = Type.Object(
  { rules: Type.Array(SsoGroupRule, { maxItems: SSO_MAX_GROUP_RULES }) },
  { additionalProperties: false },
);
export type SsoGroupRights = Static<typeof SsoGroupRights>;

/** What the login page asks before anyone is signed in. */
export const SsoStatus = Type.Object({
  enabled: Type.Boolean(),
  displayName: Type.String(),
});
export type SsoStatus = Static<typeof SsoStatus>;

/** `?sso_error=` codes and what the login page says for each. */
export const SSO_ERROR_MESSAGES = {
  not_configured:
    'La connexion par le compte du groupe n’est pas activée. Utilisez votre identifiant local.',
  unreachable:
    'Le fournisseur d’identité ne répond pas. Réessayez plus tard, ou connectez-vous avec votre identifiant local.',
  provider:
    'Le fournisseur d’identité a refusé la connexion ou répondu de façon inattendue. Réessayez, ou prévenez le service informatique.',
  state:
    'Cette tentative de connexion n’est plus valable (lien déjà utilisé, expiré ou ouvert dans un autre navigateur). Recommencez depuis cette page.',
  token:
    'La réponse du fournisseur d’identité n’a pas pu être vérifiée (jeton invalide, expiré ou destiné à une autre application). Recommencez, ou prévenez le service informatique.',
  no_rights:
    'Votre compte n’appartient à aucun groupe autorisé à utiliser le back-office. Demandez l’accès au service informatique.',
  disabled: 'Votre compte a été désactivé par un administrateur du back-office.',
  rate_limited:
    'Trop de tentatives de connexion depuis ce poste en peu de temps. Attendez quelques minutes avant de réessayer.',
  server: 'La connexion n’a pas pu aboutir à cause d’une erreur du serveur. Réessayez.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;
export const isSsoErrorCode = (value: string): value is SsoErrorCode =>
  Object.prototype.hasOwnProperty.call(SSO_ERROR_MESSAGES, value);

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an http:// address is acceptable: only on the server itself (tests, a local proxy). */
export const isLoopbackUrl = (url: URL): boolean => loopbackHosts.has(url.hostname);

function urlProblem(value: string, label: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${label} « ${value} » n’est pas une adresse web valide.`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
    return `${label} doit commencer par https://.`;
  }
  if (url.search !== '' || url.hash !== '') {
    return `${label} ne doit contenir ni « ? » ni « # ».`;
  }
  return null;
}

/**
 * What is wrong with the settings, in French (the form and the server's 400 alike); null when
 * nothing. Enabled settings need everything a sign-in uses; disabled ones may be half filled.
 * `hasSecret`: whether a secret is (or will be) stored.
 */
export function validateSsoSettings(
  request: SsoSettingsRequest,
  hasSecret: boolean,
): string | null {
  if (request.issuer !== '') {
    const problem = urlProblem(request.issuer, 'L’adresse de l’émetteur');
    if (problem) return problem;
  }
  if (request.publicBaseUrl !== '') {
    const problem = urlProblem(request.publicBaseUrl, 'L’adresse publique du back-office');
    if (problem) return problem;
  }
  if (!/^[A-Za-z0-9_:./-]+$/.test(request.groupsClaim)) {
    return 'Le nom de la revendication des groupes ne peut contenir que des lettres, chiffres et « _ : . / - ».';
  }
  if (!request.scopes.split(/\s+/).includes('openid')) {
    return 'Les portées demandées doivent comprendre « openid ».';
  }
  if (request.enabled) {
    if (request.issuer === '')
      return 'Indiquez l’adresse de l’émetteur, ou désactivez la connexion.';
    if (request.clientId === '') return 'Indiquez l’identifiant du client.';
    if (!hasSecret) return 'Indiquez le secret du client.';
    if (request.displayName === '') return 'Indiquez le nom affiché sur la page de connexion.';
    if (request.publicBaseUrl === '') return 'Indiquez l’adresse publique du back-office.';
  }
  return null;
}

/** What is wrong with the groups table, in French; null when nothing. */
export function validateSsoGroupRights(rights: SsoGroupRights): string | null {
  const seen = new Set<string>();
  for (const rule of rights.rules) {
    const group = rule.group.trim();
    if (group === '') return 'Chaque ligne doit nommer un groupe.';
    if (seen.has(group)) return `Le groupe « ${group} » figure deux fois.`;
    seen.add(group);
    if (
      rule.role === 'editor' &&
      Array.isArray(rule.developments) &&
      rule.developments.length === 0
    ) {
      return `Le groupe « ${group} » ne donne accès à aucun développement.`;
    }
  }
  return null;
}

/** The redirect URI for a public address ("" when unset). */
export function ssoRedirectUri(publicBaseUrl: string): string {
  return publicBaseUrl === '' ? '' : `${publicBaseUrl.replace(/\/+$/, '')}${SSO_CALLBACK_PATH}`;
}

/** The server's route patterns, relative to the admin prefix. */
export const adminSsoRoutePatterns = {
  settings: adminRelative('adminSsoSettings'),
  test: adminRelative('adminTestSso'),
  groupRights: adminRelative('adminSsoGroupRights'),
  status: adminRelative('adminSsoStatus'),
  login: adminRelative('adminSsoLogin'),
  callback: adminRelative('adminSsoCallback'),
} as const;

/** The audit log's actions (never the secret's value in their summary). */
export const SSO_AUDIT_ACTIONS = {
  update: 'sso.settings.update',
  test: 'sso.test',
  groupRights: 'sso.group-rights.update',
  refused: 'sso.login.refused',
  userCreated: 'sso.user.create',
  sessionEnded: 'sso.session.end',
} as const;

/** French names of the settings' fields as the audit summary names them. */
export const SSO_FIELD_LABELS: Record<string, string> = {
  enabled: 'connexion activée',
  issuer: 'émetteur',
  clientId: 'identifiant du client',
  clientSecret: 'secret du client',
  displayName: 'nom affiché',
  groupsClaim: 'revendication des groupes',
  scopes: 'portées',
  publicBaseUrl: 'adresse publique',
};
