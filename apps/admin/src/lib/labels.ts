/** French labels of the contract's enumerations, shared by every screen. */
import type { ItemType, ZoneType } from '@plant-kiosk/contract';

export const ZONE_TYPE_LABELS: Record<ZoneType, string> = {
  images: 'Liste d’images',
  subgroups: 'Contenus par modèle (produits, magazines…)',
  text: 'Texte',
  videos: 'Vidéos',
};

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  image: 'Image',
  text: 'Texte',
  video: 'Vidéo',
  pdf: 'PDF',
  link: 'Lien',
  date: 'Date',
  group: 'Groupe (contenus par modèle)',
};

export const zoneTypeOptions = Object.entries(ZONE_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const itemTypeOptions = Object.entries(ITEM_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** <input type="datetime-local"> speaks local time without zone; the API speaks ISO UTC. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
