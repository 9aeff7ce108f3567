// Types of scripts/precompress.mjs, for the TypeScript tests that build a fixture dist with it.
export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare const MIN_BYTES: number;
export declare function compress(bytes: Uint8Array): [suffix: '.br' | '.gz', encoded: Buffer][];
export interface PrecompressRow {
  file: string;
  raw: number;
  br?: number;
  gzip?: number;
}
export declare function precompressDir(dir: string): PrecompressRow[];
