/**
 * What the media library tells the back-office, in French (the back-office's language): the
 * refusals of an upload, the answers of the library's routes, and why a file in use cannot be
 * deleted (which content items and alert templates hold it). Also the size limits these messages
 * name, since the messages and the upload's checks must agree on them.
 */
import {
  MEDIA_MAX_BYTES,
  MEDIA_MAX_IMAGE_PIXELS,
  type MediaKind,
  type MediaTemplateUsage,
  type MediaUsage,
} from '@plant-kiosk/contract';

/** Largest file of each kind: MEDIA_MAX_BYTES, or a test's smaller limits (AppOptions). */
export type MediaLimits = Readonly<Record<MediaKind, number>>;

/** What the multipart parser lets through before the kind is known: the largest kind's limit. */
export const largestOf = (limits: MediaLimits) => Math.max(...Object.values(limits));

const KIND_LABELS: Record<MediaKind, string> = {
  image: 'une image',
  pdf: 'un PDF',
  video: 'une vidéo',
};

// Kilobytes below one megabyte: tests run with small limits (AppOptions.mediaMaxBytes).
const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} Mo`
    : `${Math.round(bytes / 1024)} Ko`;

export const MEDIA_MESSAGES = {
  notMultipart: 'Envoyez le fichier en multipart/form-data, dans un champ nommé « file ».',
  noFile: 'Aucun fichier reçu : choisissez un fichier puis réessayez.',
  svgRefused:
    'Les images SVG sont refusées : elles peuvent contenir des scripts. Exportez l’image en PNG, JPEG ou WebP puis réessayez.',
  unsupportedType:
    'Type de fichier non pris en charge : seuls les images JPEG, PNG, WebP, GIF et AVIF, les PDF et les vidéos MP4 et WebM sont acceptés. Le type est lu dans le contenu du fichier, pas dans son nom.',
  tooLarge: (kind: MediaKind, limits: MediaLimits = MEDIA_MAX_BYTES) =>
    `Fichier trop volumineux : ${KIND_LABELS[kind]} ne peut dépasser ${megabytes(limits[kind])}.`,
  tooLargeAny: (limits: MediaLimits = MEDIA_MAX_BYTES) =>
    `Fichier trop volumineux : la limite est de ${megabytes(largestOf(limits))}.`,
  tooManyPixels: (width: number, height: number) =>
    `Image trop grande : ${width} × ${height} pixels, la limite est de ${MEDIA_MAX_IMAGE_PIXELS / 1_000_000} millions de pixels. Réduisez-la puis réessayez.`,
  unreadableImage: 'Image illisible ou endommagée : elle n’a pas pu être convertie.',
  emptyFile: 'Le fichier est vide.',
  notFound: (mediaid: number) => `Le média ${mediaid} n’existe pas.`,
  uploaded: 'Fichier ajouté à la médiathèque.',
  alreadyThere: 'Ce fichier est déjà dans la médiathèque.',
  repaired:
    'Ce fichier était manquant ou endommagé sur le serveur : il est remplacé par celui envoyé.',
  deleted: 'Fichier supprimé de la médiathèque.',
  /** `revisions` newest first. */
  inRevisions: (revisions: readonly number[]) => {
    const [newest] = revisions;
    const others = revisions.length - 1;
    const more = others === 0 ? '' : others === 1 ? ' et 1 autre' : ` et ${others} autres`;
    return `Ce fichier est utilisé par la révision ${newest}${more} : il doit rester pour qu’on puisse revenir à ${revisions.length === 1 ? 'cette version' : 'ces versions'}.`;
  },
  inUse: (usages: readonly MediaUsage[], templates: readonly MediaTemplateUsage[] = []) => {
    const sentences: string[] = [];
    if (usages.length > 0) {
      const named = usages.slice(0, 5).map(describeUsage).join(' ; ');
      const more = usages.length > 5 ? ` et ${usages.length - 5} autre(s)` : '';
      sentences.push(
        `Ce fichier est encore utilisé par ${usages.length === 1 ? 'un contenu' : `${usages.length} contenus`} : ${named}${more}.`,
      );
    }
    if (templates.length > 0) {
      const named = templates.map(describeTemplateUsage).join(', ');
      const which = templates.length === 1 ? 'le modèle d’alerte' : 'les modèles d’alerte';
      sentences.push(
        `${usages.length > 0 ? 'Il est aussi utilisé' : 'Ce fichier est encore utilisé'} par ${which} ${named}.`,
      );
    }
    const fixes = [
      ...(usages.length > 0 ? ['retirez-le de ces contenus'] : []),
      ...(templates.length > 0
        ? [
            `choisissez une autre image pour ${templates.length === 1 ? 'ce modèle' : 'ces modèles'}`,
          ]
        : []),
    ].join(' et ');
    sentences.push(`${fixes.charAt(0).toUpperCase()}${fixes.slice(1)} avant de le supprimer.`);
    return sentences.join(' ');
  },
} as const;

function describeTemplateUsage(usage: MediaTemplateUsage): string {
  // Dropped from the draft (or its image changed) but still on the totems until the next publish.
  const where = usage.inDraft ? '' : ' (publié, retiré du brouillon : publiez pour le libérer)';
  return `« ${usage.name} »${where}`;
}

function describeUsage(usage: MediaUsage): string {
  const zone = `zone « ${usage.zonename} »`;
  // Removed from the draft but still on the totems until the next publish.
  const where = usage.inDraft ? '' : ' (publié, retiré du brouillon : publiez pour le libérer)';
  if (usage.type === 'element') return `${zone}, élément ${usage.id}${where}`;
  const field = usage.fieldlabel ? `, champ « ${usage.fieldlabel} »` : '';
  return `${zone}, élément ${usage.elementid}, sous-élément ${usage.id}${field}${where}`;
}
