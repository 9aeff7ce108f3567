/**
 * The origins the kiosk's page may show in frames (CSP `frame-src`, decision 017 as amended by
 * issue 40): the origins of the frame addresses published in the development the kiosk's page
 * shows (the one `/config.json` names, DEMO_DEVNAME), then the operator's `KIOSK_FRAME_SOURCES`.
 * Another development's settings never reach this list: a totem served by this server shows that
 * one development, and one development's addresses must never weigh on another's pages. The
 * order is a priority: the security plugin keeps the header within its budget by dropping from
 * the end, so the published addresses (two at most, each host bounded by DNS's 253 characters)
 * always fit.
 *
 * The security plugin reads `current()` synchronously for every page it serves, so the list is
 * kept in memory and recomputed:
 * - at start (`refresh` before the server listens),
 * - by the publisher after a publish or rollback commits and BEFORE its stream message goes out,
 *   so a kiosk that reloads on that message gets a policy that already allows the new address,
 * - when another instance's publish reaches this one (the bus's content signal).
 *
 * Refreshes may overlap (a publish and a bus signal): each takes a ticket, and only the answer of
 * the latest one started is kept, so a slow old read never puts back an older list. A failed
 * read keeps the list in force (logged by the caller's logger): a database hiccup must not
 * strip frames from every page.
 */
import { settingsUrlOrigin } from '@plant-kiosk/contract';

export class PublishedFrameSources {
  private published: readonly string[] = [];
  private union: readonly string[];
  private ticket = 0;

  constructor(
    private readonly load: () => Promise<readonly string[]>,
    /** KIOSK_FRAME_SOURCES, already reduced to origins. */
    private readonly operatorSources: readonly string[] = [],
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.union = [...operatorSources];
  }

  /** The origins in force; the same array until a refresh changes them (callers may cache on it). */
  current(): readonly string[] {
    return this.union;
  }

  /** Reads the published addresses again; resolves when the union is current. Never rejects. */
  async refresh(): Promise<void> {
    const mine = ++this.ticket;
    let addresses: readonly string[];
    try {
      addresses = await this.load();
    } catch (error) {
      this.onError(error);
      return;
    }
    if (mine !== this.ticket) return;
    // In the order given (the suggestion form, then the web site): a priority, not sorted.
    const origins = [
      ...new Set(
        addresses.map(settingsUrlOrigin).filter((origin): origin is string => origin !== null),
      ),
    ];
    if (sameList(origins, this.published)) return;
    this.published = origins;
    this.union = [...new Set([...origins, ...this.operatorSources])];
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
