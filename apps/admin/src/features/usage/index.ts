// The usage feature's public surface (issue 49, part 2): the path of the « Fréquentation » screen,
// for links from other screens. The screen itself is a lazy chunk that app/routes.tsx loads
// directly (lazy screens stay out of an index).
export { usagePath } from './usage-path';
