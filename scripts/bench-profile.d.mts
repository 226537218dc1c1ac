// Types of bench-profile.mjs, for the TypeScript bench of the team server.
import type { Page } from 'playwright-core';

export interface ProfileSummary {
  /** Where the profile was written, from the repository root. */
  file: string;
  totalMs: number;
  idleMs: number;
  garbageCollectorMs: number;
  /** Functions with the most self time, each mapped to its source file and line (or its package). */
  topSelfMs: { where: string; ms: number }[];
}

export function profiled(page: Page, name: string, action: () => Promise<unknown>, options?: { distFolder?: string; top?: number }): Promise<ProfileSummary>;
export function summarise(profile: unknown, distFolder?: string, top?: number): Omit<ProfileSummary, 'file'>;
