/**
 * Where the back-office's pages link to the import of a content pack: into a development's draft
 * (from its history), or as a new development (from the developments list). Apart from the page so
 * that a link does not pull the page's chunk in.
 */
export const importPackPath = (devid: number | null) =>
  devid === null ? '/paquets/nouveau' : `/paquets/importer/${devid}`;
