// The home feature's public surface (decision 025). Its screens are lazy chunks that app/routes.tsx
// loads itself; the visitor home is exported for the visitor pages' guard test only, so no eager
// code may import this index.
export { default as VisitorHome } from './visitor-home';
