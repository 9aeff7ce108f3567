// The thumbnails feature's public surface: what the app may import (decision 025).
export {
  createThumbnailScheduler,
  type ThumbnailScheduler,
  type ThumbnailShot,
} from './thumbnail-scheduler';
export { takeThumbnail } from './lazy-take';
