/**
 * The browsers' framing rules (published settings, contract frame-check.ts): whether a page
 * answered with these headers may be shown in a frame of the kiosk. The frame probe
 * (frame-probe.ts) asks the other site for the headers; this module only reads them.
 *
 * `frame-ancestors` in a Content-Security-Policy wins over `X-Frame-Options` when present (CSP
 * level 2); `'none'` refuses, otherwise one source must match the kiosk's origin (`*`, `'self'` =
 * the page's own origin, a scheme, or a host source with an optional `*.` prefix and port).
 * `X-Frame-Options: DENY` refuses, `SAMEORIGIN` refuses another origin; anything else (the
 * obsolete ALLOW-FROM included) is ignored, as Chromium does.
 */

/** A verdict and what decided it; the reason goes to the server's log, never to the caller. */
export interface FrameVerdict {
  status: 'ok' | 'refused';
  reason: string;
}

interface Origin {
  scheme: string;
  host: string;
  port: string;
}

function parseOrigin(origin: string): Origin | null {
  try {
    const url = new URL(origin);
    const scheme = url.protocol.replace(/:$/, '');
    return { scheme, host: url.hostname.toLowerCase(), port: url.port || defaultPort(scheme) };
  } catch {
    return null;
  }
}

const defaultPort = (scheme: string) =>
  scheme === 'https' ? '443' : scheme === 'http' ? '80' : '';

/** Whether one `frame-ancestors` source allows `kiosk`; `target` is the framed page's origin. */
function sourceMatches(source: string, kiosk: Origin, target: Origin | null): boolean {
  const s = source.toLowerCase();
  if (s === '*') return kiosk.scheme === 'http' || kiosk.scheme === 'https';
  if (s === "'self'") return target !== null && sameOrigin(kiosk, target);
  if (/^[a-z][a-z0-9+.-]*:$/.test(s)) return s.slice(0, -1) === kiosk.scheme;
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^:/]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(s);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme !== undefined && scheme !== kiosk.scheme) return false;
  if (scheme === undefined && kiosk.scheme !== 'http' && kiosk.scheme !== 'https') return false;
  const hostOk = wildcard ? kiosk.host.endsWith(`.${host}`) : kiosk.host === host;
  if (!hostOk) return false;
  if (port === '*') return true;
  return (port ?? defaultPort(scheme ?? kiosk.scheme)) === kiosk.port;
}

const sameOrigin = (a: Origin, b: Origin) =>
  a.scheme === b.scheme && a.host === b.host && a.port === b.port;

/** What a browser showing the kiosk at `kioskOrigin` would do with a page answered with `headers`. */
export function framingVerdict(
  headers: Headers,
  kioskOrigin: string,
  targetOrigin: string,
): FrameVerdict {
  const kiosk = parseOrigin(kioskOrigin);
  const target = parseOrigin(targetOrigin);
  if (!kiosk) return { status: 'ok', reason: 'kiosk origin unknown' };
  // Several policies (several headers, joined by commas): each must allow.
  const policies = (headers.get('content-security-policy') ?? '').split(',');
  let sawAncestors = false;
  for (const policy of policies) {
    const directive = policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => /^frame-ancestors(\s|$)/i.test(part));
    if (directive === undefined) continue;
    sawAncestors = true;
    const sources = directive.split(/\s+/).slice(1);
    if (sources.length === 0 || sources.some((s) => s.toLowerCase() === "'none'"))
      return { status: 'refused', reason: "frame-ancestors 'none'" };
    if (!sources.some((source) => sourceMatches(source, kiosk, target)))
      return { status: 'refused', reason: `frame-ancestors ${sources.join(' ')}` };
  }
  if (sawAncestors) return { status: 'ok', reason: 'frame-ancestors allows the kiosk' };
  const xfo = (headers.get('x-frame-options') ?? '').split(',')[0]!.trim().toUpperCase();
  if (xfo === 'DENY') return { status: 'refused', reason: 'X-Frame-Options: DENY' };
  if (xfo === 'SAMEORIGIN' && (target === null || !sameOrigin(kiosk, target)))
    return { status: 'refused', reason: 'X-Frame-Options: SAMEORIGIN' };
  return { status: 'ok', reason: 'no framing restriction' };
}
