// Types of scripts/eslint-boundaries.mjs, for its TypeScript test.
import type { Linter } from 'eslint';
export declare function boundaryConfig(rootPath: string): Linter.Config[];
