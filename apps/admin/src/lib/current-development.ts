/**
 * The development the user works on, shared by the content, media and fleet screens through the
 * URL (`?dev=` is not used: each screen's path carries it) and remembered for the next visit.
 */
const KEY = 'admin-last-devid';

export function rememberDevid(devid: number): void {
  try {
    localStorage.setItem(KEY, String(devid));
  } catch {
    // Private mode or storage full: the choice is just not remembered.
  }
}

export function lastDevid(): number | null {
  try {
    const value = Number(localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
