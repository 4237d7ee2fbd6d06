/** See build-chunks.mjs: removes the baseline chunks no bundle in `dist` reaches; returns their names. */
export function removeUnusedChunks(dist: string): string[];
