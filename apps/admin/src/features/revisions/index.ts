// The revisions feature's public surface: what other features may import (decision 025). Its
// screens are lazy chunks that app/routes.tsx loads itself.
export { useCanPublish } from './can-publish';
// The change list, for the publication requests' reviewer (issue 51, part 2).
export { ChangeList, indexMedia, type MediaIndex } from './change-list';
export { PublishDialog } from './publish-dialog';
// Four-eyes publishing (issue 51): its setting on a development's page, and whether it is on.
export { FourEyesSection } from './four-eyes-section';
export { refusedByFourEyes, requestsPagePath, useFourEyes } from './four-eyes';
