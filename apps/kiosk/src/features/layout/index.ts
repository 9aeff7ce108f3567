// The layout feature's public surface: what other features may import (decision 025).
export { AppFrame } from './app-frame';
export { sectionId, usePageFrame } from './page-frame';
