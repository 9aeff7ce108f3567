/**
 * A one-element publish as the back-office makes it, again and again, on the demo plant: the first
 * image of the home slideshow is set to the site plan's image, then back, each time followed by
 * the back-office's publish call. The publish-to-screen suites (publish-fanout, publish-delta-pg)
 * time what follows each publish.
 */
import { type AdminElement, pathOf } from '@plant-kiosk/contract';
import type { BenchAdmin } from './admin-client.js';

const SLIDESHOW = 'Diaporama accueil';
const PLAN = 'Plan du site';

export interface SlideshowPublisher {
  /** Draft edit `run` (alternating between two images): the new image's file name. */
  edit(run: number): Promise<string>;
  /** The back-office's publish; resolves once it answered. */
  publish(): Promise<void>;
}

export async function slideshowPublisher(
  admin: BenchAdmin,
  devid: number,
): Promise<SlideshowPublisher> {
  const zones = await admin.call<{ zoneid: number; zonename: string }[]>(
    'GET',
    pathOf('adminZones', { params: { devid } }),
  );
  const elementsOf = async (zonename: string) => {
    const zone = zones.find((each) => each.zonename === zonename);
    if (!zone) throw new Error(`the demo plant has no zone « ${zonename} »`);
    return admin.call<AdminElement[]>(
      'GET',
      pathOf('adminElements', { params: { zoneid: zone.zoneid } }),
    );
  };
  const [target] = await elementsOf(SLIDESHOW);
  const [planImage] = await elementsOf(PLAN);
  if (!target || !planImage) throw new Error('the demo plant has no slideshow or plan image');
  const values = [planImage.value, target.value];
  let version = target.version;
  return {
    async edit(run) {
      const value = values[run % 2]!;
      const edited = await admin.call<AdminElement>(
        'PATCH',
        pathOf('adminUpdateElement', { params: { elementid: target.elementid } }),
        { expectedVersion: version, value },
      );
      version = edited.version;
      return value.split('/').pop()!;
    },
    async publish() {
      await admin.call('POST', pathOf('adminPublish', { params: { devid } }), { type: 'sync' });
    },
  };
}
