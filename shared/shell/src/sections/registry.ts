import { atom } from 'jotai';
import type { SectionSource } from './types';

/**
 * The host's section source (set once at start, see host/src/federation/sections.ts). Without one
 * (a remote's own tests, a page rendered alone), a slot shows no foreign sections.
 */
export const sectionSourceAtom = atom<SectionSource | null>(null);
