/**
 * The alert token in the back-office (red button and acknowledgements, decision 026): admins read
 * it — with where it comes from — to set up a fire-alarm panel, and regenerate it when it leaked or
 * a panel is retired. Regenerating is refused (409) when ALERT_TOKEN sets it: the environment
 * always wins, and only whoever runs the server may change it. Each regeneration is audited,
 * without the token.
 */
import {
  adminAlertTokenRoutePatterns as routes,
  ALERT_TOKEN_AUDIT_ACTION,
  type AdminAlertToken,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { ConflictError } from '../lib/admin/errors.js';
import type { AlertToken } from './alert-token.js';
import { ok } from '../lib/envelope.js';
import { actorOf, requireAdmin } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

export const ALERT_TOKEN_FIXED_MESSAGE =
  'Le jeton d’alerte est fixé par la variable d’environnement ALERT_TOKEN : il ne peut pas être régénéré depuis le back-office. Changez ALERT_TOKEN sur chaque instance du serveur, puis redémarrez-les.';

function view(token: AlertToken): AdminAlertToken {
  return {
    token: token.current(),
    origin: token.origin,
    changedAt: token.changedAt()?.toISOString() ?? null,
    canRegenerate: token.origin === 'file',
  };
}

export async function adminAlertTokenRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const token = ctx.secrets.alertToken;

  fastify.get(routes.token, { schema: routeSchema('adminAlertToken') }, async (request) => {
    requireAdmin(request);
    return ok(view(token));
  });

  fastify.post(
    routes.regenerate,
    { schema: routeSchema('adminRegenerateAlertToken') },
    async (request) => {
      requireAdmin(request);
      if (token.origin === 'environment')
        throw new ConflictError(view(token), ALERT_TOKEN_FIXED_MESSAGE);
      const { userid, username } = actorOf(request);
      token.regenerate();
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid,
        username,
        devid: null,
        action: ALERT_TOKEN_AUDIT_ACTION,
        summary: { ip: request.ip },
      });
      return ok(
        view(token),
        'Nouveau jeton d’alerte enregistré : l’ancien est refusé dès maintenant. Mettez à jour les centrales qui l’utilisaient.',
      );
    },
  );
}
