// Types of build-freshness.mjs (plain JS, because it runs before anything is built).

export interface BuildTarget {
  /** files or folders, relative to the repository, whose content decides the output */
  inputs: string[];
  /** files that must all exist for the build to count as done */
  outputs: string[];
  /** where the fingerprint of the inputs the outputs were built from is kept */
  stamp: string;
  /** node's arguments that build it, run in the repository */
  command(root: string): string[];
}

export const SERVER_ENTRIES: readonly string[];
export const BUILDS: Record<'server' | 'web' | 'console' | 'desktop', BuildTarget>;
export function fingerprint(root: string, inputs: string[]): string;
export interface Stamp {
  /** sha-256 over the names and contents of the inputs */
  fingerprint: string;
  /** sha-256 over their names, sizes and mtimes: equal means unchanged, without reading them */
  stats: string;
}
type Target = Pick<BuildTarget, 'inputs' | 'outputs' | 'stamp'>;
export function freshness(root: string, target: Target): { stale: string | null; restamp: Stamp | null };
export function whyStale(root: string, target: Target): string | null;
export function writeStamp(root: string, target: Target, stamp: Stamp): void;
export function ensureBuilt(root: string, names: string[]): void;
