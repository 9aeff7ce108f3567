/**
 * The SSO settings between the wire and the store (decision 046): the answer hides the client
 * secret (`hasSecret`) and adds the redirect URI to register; a save keeps a secret it does not
 * carry, clears it on "", replaces it otherwise; the audit summary names a changed secret only as
 * « modifié ».
 */
import { ssoRedirectUri, type SsoSettings, type SsoSettingsRequest } from '@plant-kiosk/contract';
import type { StoredSsoSettings } from './sso-repository.js';

export function settingsView(stored: StoredSsoSettings): SsoSettings {
  const { clientSecret, ...rest } = stored;
  return {
    ...rest,
    hasSecret: clientSecret !== '',
    redirectUri: ssoRedirectUri(stored.publicBaseUrl),
  };
}

/** The request with its texts trimmed (and the public address without its final slash). */
export function trimmedRequest(request: SsoSettingsRequest): SsoSettingsRequest {
  return {
    ...request,
    issuer: request.issuer.trim(),
    clientId: request.clientId.trim(),
    displayName: request.displayName.trim(),
    groupsClaim: request.groupsClaim.trim(),
    scopes: request.scopes.trim().split(/\s+/).join(' '),
    publicBaseUrl: request.publicBaseUrl.trim().replace(/\/+$/, ''),
  };
}

export function mergeSettings(
  before: StoredSsoSettings,
  request: SsoSettingsRequest,
): StoredSsoSettings {
  const { clientSecret, ...rest } = request;
  return {
    ...rest,
    clientSecret: clientSecret ?? before.clientSecret,
    version: before.version + 1,
    updatedAt: before.updatedAt,
  };
}

export function settingsChanges(
  before: StoredSsoSettings,
  after: StoredSsoSettings,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const keys = Object.keys(after).filter((key) => key !== 'version' && key !== 'updatedAt');
  for (const key of keys as (keyof StoredSsoSettings)[]) {
    if (before[key] === after[key]) continue;
    changes[key] =
      key === 'clientSecret'
        ? after[key] === ''
          ? 'effacé'
          : 'modifié'
        : { before: before[key], after: after[key] };
  }
  return changes;
}
