// Types of scripts/bundle-budget.mjs, for its TypeScript test.
export declare const KB: number;
export interface BudgetApp {
  name: string;
  dist: string;
  base: string;
  budget: number;
}
export declare const BUDGETS: readonly BudgetApp[];
export interface InitialChunk {
  file: string;
  raw: number;
  gzip: number;
}
export interface BudgetResult {
  name: string;
  chunks: InitialChunk[];
  gzip: number;
  raw: number;
  budget: number;
  ok: boolean;
  report: string;
}
export declare function htmlScripts(html: string): string[];
export declare function staticImports(code: string): string[];
export declare function gzipSize(bytes: Uint8Array): number;
export declare function initialChunks(dist: string, options?: { base?: string }): InitialChunk[];
export declare function measureBudget(app: BudgetApp): BudgetResult;
export declare function assertWithinBudget(app: BudgetApp): BudgetResult;
