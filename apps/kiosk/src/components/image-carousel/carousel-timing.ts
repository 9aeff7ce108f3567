/**
 * Embla animates with a damped spring stepped at 60 Hz, and its `duration` option is a stiffness
 * number, not milliseconds. The spec gives times (400 ms by default, 600 ms for the magazine), so
 * we pick the stiffness whose motion reaches the target within 1% in the wanted time, by running
 * the same integrator embla runs (ScrollBody in embla-carousel 8: v += d / duration; v *= 0.68).
 */
const FRAME_MS = 1000 / 60;
const FRICTION = 0.68;
const TOLERANCE = 0.01;
/** Below this stiffness the spring overshoots visibly (> 2% of the distance). */
const MIN_DURATION = 18;
const MAX_DURATION = 200;

/** Milliseconds until an embla move of the given stiffness stays within 1% of its target. */
export function emblaSettleMs(duration: number): number {
  let location = 0;
  let velocity = 0;
  let lastOutside = 0;
  for (let frame = 1; frame < 2000; frame += 1) {
    velocity += (1 - location) / duration;
    velocity *= FRICTION;
    location += velocity;
    if (Math.abs(1 - location) >= TOLERANCE) lastOutside = frame;
  }
  return (lastOutside + 1) * FRAME_MS;
}

const cache = new Map<number, number>();

/** The embla `duration` whose animation lasts about `ms` milliseconds. */
export function emblaDurationForMs(ms: number): number {
  const cached = cache.get(ms);
  if (cached !== undefined) return cached;
  let best = MIN_DURATION;
  let bestError = Infinity;
  for (let duration = MIN_DURATION; duration <= MAX_DURATION; duration += 0.5) {
    const error = Math.abs(emblaSettleMs(duration) - ms);
    if (error < bestError) {
      best = duration;
      bestError = error;
    }
  }
  cache.set(ms, best);
  return best;
}
