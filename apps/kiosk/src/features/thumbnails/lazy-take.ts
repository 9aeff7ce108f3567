import type { ThumbnailShot } from './thumbnail-scheduler';

/**
 * The drawing and its library (modern-screenshot) load with the first thumbnail, in a chunk of
 * their own: nothing of them weighs on the kiosk's start (the initial bundle's budget, decision
 * 020). The service worker precaches the chunk like the others.
 */
export async function takeThumbnail(revision: () => number | null): Promise<ThumbnailShot> {
  const module = await import('./take-thumbnail');
  return module.takeThumbnail(revision);
}
