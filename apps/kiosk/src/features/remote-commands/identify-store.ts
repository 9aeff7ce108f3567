/**
 * « Identifier » (issue 47): what the identify overlay shows, and for how long. A second
 * identification while one shows replaces it and starts its time again.
 */
import { KIOSK_IDENTIFY_SECONDS } from '@plant-kiosk/contract';
import { create } from 'zustand';

export interface Identification {
  /** The totem's name and place as the back-office knows them (null: not set). */
  name: string | null;
  location: string | null;
  kioskId: string;
}

interface IdentifyState {
  shown: Identification | null;
}

export const useIdentifyStore = create<IdentifyState>()(() => ({ shown: null }));

let hideTimer: ReturnType<typeof setTimeout> | null = null;

/** Shows the overlay for `seconds` (KIOSK_IDENTIFY_SECONDS), then hides it. */
export function showIdentification(
  identification: Identification,
  seconds: number = KIOSK_IDENTIFY_SECONDS,
): void {
  if (hideTimer !== null) clearTimeout(hideTimer);
  useIdentifyStore.setState({ shown: identification });
  hideTimer = setTimeout(hideIdentification, seconds * 1000);
}

/** Hides the overlay now (its time is over, or the kiosk's services stop). */
export function hideIdentification(): void {
  if (hideTimer !== null) clearTimeout(hideTimer);
  hideTimer = null;
  useIdentifyStore.setState({ shown: null });
}
