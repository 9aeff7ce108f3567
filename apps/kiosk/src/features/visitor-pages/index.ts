// The visitor pages' public surface: what other features may import (decision 025). The pages
// themselves are lazy chunks (visitor-routes.tsx) and stay out of it.
export { useVisitorLanguage } from './use-visitor-page';
export { VISITOR_PAGE_TITLE_KEYS, visitorPath, type VisitorPageSlug } from './visitor-paths';
