/**
 * The notification settings and deliveries in the back-office (decision 042): admins only — they
 * are the server's, not a development's, and hold the plant's secrets. The secrets are never
 * answered; the audit log names a changed secret, never its value. « Envoyer un test » sends a
 * test notice now with the saved settings and answers its result in French, 200 whether it went
 * through or not (the failure is the answer asked for, not an error of the call).
 */
import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_AUDIT_ACTIONS,
  adminNotificationRoutePatterns as routes,
  validateNotificationSettings,
  type NotificationDeliveryQuery,
  type NotificationSettingsRequest,
  type NotificationTestRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { createRepositories } from '../db/repositories/index.js';
import { badRequest, ok } from '../lib/envelope.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { actorOf, requireAdmin } from '../routes/admin/guards.js';
import { routeSchema } from '../routes/admin/schemas.js';
import {
  deliveryView,
  mergeSettings,
  settingsChanges,
  settingsView,
  testNotice,
  trimmedRequest,
} from './notification-settings.js';
import { createNotifier } from './notifier.js';
import { TEST_NOTICE_PREFIX } from './senders.js';

const DEFAULT_DELIVERY_LIMIT = 50;
const CHANNEL_NAMES = { webhook: 'webhook', email: 'e-mail' } as const;

export async function adminNotificationRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const notifier = createNotifier({ repos: ctx.repos, now: ctx.now, log: fastify.log });

  fastify.get(
    routes.settings,
    { schema: routeSchema('adminNotificationSettings') },
    async (request) => {
      requireAdmin(request);
      return ok(settingsView(await ctx.repos.notifications.settings()));
    },
  );

  fastify.put<{ Body: NotificationSettingsRequest }>(
    routes.settings,
    { schema: routeSchema('adminSaveNotificationSettings') },
    async (request) => {
      requireAdmin(request);
      const wanted = trimmedRequest(request.body);
      const problem = validateNotificationSettings(wanted);
      if (problem) throw badRequest(problem);
      const actor = actorOf(request);
      const changed = await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        const before = await tx.notifications.settings();
        const after = mergeSettings(before, wanted);
        const changes = settingsChanges(before, after);
        if (Object.keys(changes).length === 0) return false;
        await tx.notifications.saveSettings(after, ctx.now());
        await tx.audit.insert({
          at: ctx.now(),
          userid: actor.userid,
          username: actor.username,
          devid: null,
          action: NOTIFICATION_AUDIT_ACTIONS.update,
          targetType: 'notifications',
          summary: changes,
        });
        return true;
      });
      return ok(
        settingsView(await ctx.repos.notifications.settings()),
        changed ? 'Notifications enregistrées.' : 'Aucun réglage n’a changé.',
      );
    },
  );

  fastify.post<{ Body: NotificationTestRequest }>(
    routes.test,
    { schema: routeSchema('adminTestNotification') },
    async (request) => {
      requireAdmin(request);
      const { channel } = request.body;
      const settings = await ctx.repos.notifications.settings();
      if (channel === 'webhook' && settings.webhook.url === '') {
        throw badRequest('Enregistrez d’abord l’adresse du webhook.');
      }
      if (channel === 'email' && (settings.email.host === '' || settings.email.to.length === 0)) {
        throw badRequest('Enregistrez d’abord le serveur SMTP et au moins un destinataire.');
      }
      const actor = actorOf(request);
      const notice = testNotice(`${TEST_NOTICE_PREFIX}${randomUUID()}`, ctx.now(), actor.username);
      const delivery = await notifier.sendNow(channel, notice);
      const delivered = delivery.state === 'delivered';
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid: actor.userid,
        username: actor.username,
        devid: null,
        action: NOTIFICATION_AUDIT_ACTIONS.test,
        targetType: 'notifications',
        summary: { channel, ok: delivered, result: delivery.lastResult },
      });
      const result = delivery.lastResult ?? '';
      return ok(
        { ok: delivered, result, delivery: deliveryView(delivery) },
        delivered
          ? `Test envoyé par ${CHANNEL_NAMES[channel]} : ${result}`
          : `Le test par ${CHANNEL_NAMES[channel]} a échoué : ${result}`,
      );
    },
  );

  fastify.get<{ Querystring: NotificationDeliveryQuery }>(
    routes.deliveries,
    { schema: routeSchema('adminNotificationDeliveries') },
    async (request) => {
      requireAdmin(request);
      const { limit = DEFAULT_DELIVERY_LIMIT } = request.query;
      return ok((await ctx.repos.notifications.list(limit)).map(deliveryView));
    },
  );
}
