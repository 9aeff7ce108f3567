/**
 * The emergency fallback (issue 53, decision 051): the « Numéros d’urgence » card shown while the
 * local database holds no zone, and the copy of the emergency-numbers zone it shows.
 */
export {
  BUILT_IN_NUMBERS,
  EmergencyFallback,
  EmergencyFallbackCard,
  FALLBACK_TEXT,
  useLocalContentMissing,
} from './emergency-fallback-card';
export {
  buildEmergencyFallback,
  EMERGENCY_FALLBACK_MAX_CHARS,
  EMERGENCY_FALLBACK_MAX_IMAGES,
  EMERGENCY_NUMBERS_ZONE,
  fallbackImagesIn,
  readEmergencyFallback,
  saveEmergencyFallback,
  type EmergencyFallback as EmergencyFallbackCopy,
  type FallbackImage,
} from './emergency-fallback-store';
