import type { RouteObject } from 'react-router-dom';

/** Visitor routes of spec §2 (paths relative to the root), each a lazy page. */
export const visitorRoutes: RouteObject[] = [];
