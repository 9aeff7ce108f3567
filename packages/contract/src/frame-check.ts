/**
 * Whether the published frame addresses can be shown in the kiosk's frames (published settings,
 * decision 017).
 *
 * A page may refuse to be framed by another site (`X-Frame-Options`, or `frame-ancestors` in its
 * Content-Security-Policy). The kiosk cannot see it: the browser fires `load` for its own error
 * page and hides the cross-origin document, so the totem would show an error icon in the frame.
 * The content service asks the address itself (only the addresses the kiosk's development
 * published, with a short time-out and a cache) and says what the browser would do, so the frame's
 * place shows a message instead. It answers the verdict only — no status code, no header value
 * (issue 40: the check must not tell what answers at an address).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './entities.js';

export const FrameCheckStatus = Type.Union([
  /** The page answers and allows being framed by the kiosk's origin. */
  Type.Literal('ok'),
  /** The page answers but its headers forbid the kiosk's origin to frame it. */
  Type.Literal('refused'),
  /** No usable answer (network error, time-out, HTTP error status). */
  Type.Literal('unreachable'),
  /**
   * The service cannot say now (its budget of outbound requests is spent, or the address is one
   * it never asks: loopback, link-local): the kiosk tries the frame, and may ask again later.
   */
  Type.Literal('unknown'),
]);
export type FrameCheckStatus = Static<typeof FrameCheckStatus>;

export const FrameCheck = Type.Object({
  /** The published address checked. */
  url: Type.String(),
  /** The verdict for the calling kiosk's origin; what decided it stays in the server's log. */
  status: FrameCheckStatus,
});
export type FrameCheck = Static<typeof FrameCheck>;

/** `GET /display/frames/:devid`: each published frame address's check, null when not configured. */
export const FrameChecks = Type.Object({
  devid: Id,
  suggestionFormUrl: Type.Union([FrameCheck, Type.Null()]),
  websiteUrl: Type.Union([FrameCheck, Type.Null()]),
});
export type FrameChecks = Static<typeof FrameChecks>;
