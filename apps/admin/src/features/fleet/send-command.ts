/**
 * The one call that sends remote commands (issue 47): « Commandes… » and the totem page's « Prendre
 * une vignette maintenant » (issue 48) both go through it, so that both send the contract's request
 * the same way. The server's refusal comes back as the client's ApiError (its French message).
 */
import type { KioskCommandBatch, KioskCommandRequest } from '@plant-kiosk/contract';
import { call } from '../../lib/api/client';

export function sendCommand(devid: number, body: KioskCommandRequest): Promise<KioskCommandBatch> {
  return call('adminSendKioskCommand', { params: { devid }, body });
}
