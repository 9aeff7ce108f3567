import { defineConfig } from 'vitest/config';

// Own modules afresh for every file in the reused worker (vitest.config.ts says why).
export default defineConfig({ test: { name: 'contract', environment: 'node', isolate: true } });
