// The packs feature's public surface: what other features may import (decision 025). Its screens
// are lazy chunks that app/routes.tsx loads itself.
export { importPackPath } from './pack-paths';
