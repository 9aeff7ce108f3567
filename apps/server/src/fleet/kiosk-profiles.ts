/**
 * Totem profiles (decision 038): how a saved profile is cleaned, and the fleet list with each
 * totem's profile on its entry. The profile is not content: it is read from its own table on every
 * fleet read, so the back-office sees a save at once, and the live channel (which re-reads the
 * fleet on a fleet signal) sends it to every open fleet page.
 */
import {
  SCREEN_HEIGHT_LIMITS,
  type KioskCommand,
  type KioskProfile,
  type KioskProfileRequest,
  type KioskStatus,
} from '@plant-kiosk/contract';
import { badRequest } from '../lib/envelope.js';
import { Fleet, type FleetDeps } from './fleet.js';
import { toKioskCommand } from './kiosk-command-repository.js';
import { emptyProfile, type KioskProfileWrite } from './kiosk-profile-repository.js';
import { toLatestThumbnail } from './kiosk-thumbnail-repository.js';

const text = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * What a save stores: each text trimmed, an empty one cleared; the groups trimmed, without empties
 * and without repeats that differ only by case (the first spelling is kept): « Ateliers » and
 * « ateliers » would otherwise be two groups the filter shows apart.
 */
export function cleanProfile(
  request: KioskProfileRequest,
  before: Pick<KioskProfile, 'screenBottomMm' | 'screenTopMm'>,
): KioskProfileWrite {
  const seen = new Set<string>();
  const groups: string[] = [];
  for (const group of request.groups) {
    const trimmed = group.trim();
    const key = trimmed.toLocaleLowerCase('fr');
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    groups.push(trimmed);
  }
  return {
    name: text(request.name),
    location: text(request.location),
    groups,
    note: text(request.note),
    ...screenHeights(request, before),
  };
}

/**
 * The screen's heights a save stores (issue 52): both or neither (neither: the default mount), the
 * top above the bottom by at least a screen's span; left out of the request, the stored ones.
 */
function screenHeights(
  request: KioskProfileRequest,
  before: Pick<KioskProfile, 'screenBottomMm' | 'screenTopMm'>,
): Pick<KioskProfileWrite, 'screenBottomMm' | 'screenTopMm'> {
  const bottom =
    request.screenBottomMm === undefined ? before.screenBottomMm : request.screenBottomMm;
  const top = request.screenTopMm === undefined ? before.screenTopMm : request.screenTopMm;
  if ((bottom === null) !== (top === null)) {
    throw badRequest(
      'Donnez les deux hauteurs de l’écran (bas et haut, en mm depuis le sol), ou aucune pour le pied standard.',
    );
  }
  if (bottom !== null && top !== null && top - bottom < SCREEN_HEIGHT_LIMITS.minSpan) {
    throw badRequest(
      `Le haut de l’écran doit être au moins ${SCREEN_HEIGHT_LIMITS.minSpan} mm au-dessus de son bas.`,
    );
  }
  return { screenBottomMm: bottom, screenTopMm: top };
}

/** What a fleet entry shows of its totem's latest remote command (issue 47). */
const lastCommand = (command: KioskCommand): NonNullable<KioskStatus['lastCommand']> => ({
  commandId: command.commandId,
  kind: command.kind,
  mode: command.mode,
  state: command.state,
  reason: command.reason,
  createdAt: command.createdAt,
  ackedAt: command.ackedAt,
});

/**
 * The fleet as the back-office sees it: each status with its totem's profile, its latest remote
 * command and its latest thumbnail (what the picture shows, never its bytes); one query each for
 * the whole list. An expired command is reported so, not stored here: the history's read stores
 * it. A subclass, so that the live channel (which takes a Fleet) reads the same entries as the
 * list.
 */
export class ProfiledFleet extends Fleet {
  constructor(private readonly profileDeps: FleetDeps) {
    super(profileDeps);
  }

  override async list(devids?: readonly number[]): Promise<KioskStatus[]> {
    const { repos } = this.profileDeps;
    const now = this.profileDeps.now();
    const [statuses, profiles, commands, thumbnails] = await Promise.all([
      super.list(devids),
      repos.kioskProfiles.byKiosk(devids),
      repos.kioskCommands.latestByKiosk(devids),
      repos.kioskThumbnails.latestByKiosk(devids),
    ]);
    return statuses.map((status) => {
      const command = commands.get(`${status.devid}:${status.kioskId}`);
      const thumbnail = thumbnails.get(`${status.devid}:${status.kioskId}`);
      const profile =
        profiles.get(`${status.devid}:${status.kioskId}`) ??
        emptyProfile(status.devid, status.kioskId);
      return {
        ...status,
        name: profile.name,
        location: profile.location,
        groups: profile.groups,
        note: profile.note,
        screenBottomMm: profile.screenBottomMm,
        screenTopMm: profile.screenTopMm,
        profileVersion: profile.version,
        lastCommand: command ? lastCommand(toKioskCommand(command, now)) : null,
        thumbnail: thumbnail ? toLatestThumbnail(thumbnail) : null,
      };
    });
  }
}
