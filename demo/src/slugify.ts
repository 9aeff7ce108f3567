/**
 * File names from titles: the media library names an upload after its file name, the demo seed
 * names its generated media after their titles, both as `<slug>-<hash>.<ext>`.
 */

/** Lower-case ASCII kebab-case of a title, for file names ("Plan du site" → "plan-du-site"). */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/œ/g, 'oe')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'media'
  );
}
