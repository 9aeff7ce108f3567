/**
 * A frame of an external page (the suggestion form, the company web site: docs/product.md#screens, published
 * settings), or, in its place, a plain message saying why it cannot be shown — never a browser
 * error icon or a blank box on a totem that has no address bar to explain it:
 *
 * - no address configured (the development's published settings hold none) → "not configured";
 * - the network check has not answered yet → "checking";
 * - offline → "needs the network" (the frame comes back by itself when the network does);
 * - the page's Content-Security-Policy refused the address (a `securitypolicyviolation` for
 *   `frame-src` naming its origin: the policy was built before the address was published, and
 *   the kiosk reloads at a quiet moment to learn it) → "not available yet";
 * - the other site refuses to be framed (X-Frame-Options, frame-ancestors): the page cannot see
 *   it (the browser fires `load` for its error page and hides the cross-origin document), so the
 *   caller passes the content service's check of the address (`check`) → "cannot be shown here";
 * - the service found it unreachable, or no `load` within FRAME_LOAD_TIMEOUT_MS → "does not answer".
 *
 * The component is shared (components/): the caller passes the connection state and the texts.
 */
import type { FrameCheckStatus } from '@plant-kiosk/contract';
import { useEffect, useState, type CSSProperties } from 'react';
import './external-frame.css';

/** How long a frame may take to load before the kiosk says the page does not answer. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

export interface ExternalFrameTexts {
  /** The frame's accessible title. */
  title: string;
  unsetTitle: string;
  unset: string;
  offlineTitle: string;
  offline: string;
  blockedTitle: string;
  blocked: string;
  refusedTitle: string;
  refused: string;
  timeoutTitle: string;
  timeout: string;
  checking: string;
}

export interface ExternalFrameProps {
  /** The published address; null: not configured. */
  url: string | null;
  online: boolean;
  /** False until the first network check answered (no offline message flashes before it). */
  checked: boolean;
  texts: ExternalFrameTexts;
  sandbox: string;
  className?: string;
  width?: number;
  height?: number;
  /** Size of the message box, so the message takes the frame's place on the page. */
  messageStyle?: CSSProperties;
  /** The content service's check of the address; null: unknown, the frame is tried. */
  check?: FrameCheckStatus | null;
}

type FrameProblem = 'blocked' | 'timeout';

/** The origin of an address, or null when it is not a valid absolute URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function ExternalFrame({
  url,
  online,
  checked,
  texts,
  sandbox,
  className,
  width,
  height,
  messageStyle,
  check = null,
}: ExternalFrameProps) {
  const [problem, setProblem] = useState<FrameProblem | null>(null);
  const [loaded, setLoaded] = useState(false);
  const showFrame = url !== null && online;

  // A new address or a network change starts over: the frame is tried again.
  useEffect(() => {
    setProblem(null);
    setLoaded(false);
    if (!showFrame) return undefined;
    const origin = originOf(url);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (!event.violatedDirective.startsWith('frame-src')) return;
      if (origin !== null && originOf(event.blockedURI) === origin) setProblem('blocked');
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url, showFrame]);

  // Until the frame loads, a host that never answers would leave an empty box: give it a bound.
  useEffect(() => {
    if (!showFrame || loaded) return undefined;
    const timer = setTimeout(() => setProblem((now) => now ?? 'timeout'), FRAME_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url, showFrame, loaded]);

  const message = (title: string, text: string, role: 'alert' | 'status' = 'alert') => (
    <div className="external-frame__message" role={role} style={messageStyle}>
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  );

  if (url === null) return message(texts.unsetTitle, texts.unset, 'status');
  if (!online) {
    if (!checked)
      return (
        <p className="external-frame__checking" role="status">
          {texts.checking}
        </p>
      );
    return message(texts.offlineTitle, texts.offline);
  }
  if (check === 'refused') return message(texts.refusedTitle, texts.refused);
  if (problem === 'blocked') return message(texts.blockedTitle, texts.blocked);
  if (problem === 'timeout' || check === 'unreachable')
    return message(texts.timeoutTitle, texts.timeout);
  return (
    <iframe
      className={className}
      src={url}
      title={texts.title}
      width={width}
      height={height}
      sandbox={sandbox}
      referrerPolicy="no-referrer"
      onLoad={() => setLoaded(true)}
    />
  );
}
