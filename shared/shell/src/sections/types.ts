import type { ComponentType } from 'react';

/**
 * Sections: a page of one remote that shows parts owned by other remotes (the player view shows
 * the points account, the battles, the presents and the action log of one player). A remote never
 * imports another: each declares its sections in its exposed `./pages` module
 * (`export const sections: SectionDefinition[]`), the host collects them from every remote of the
 * environment, and the page renders a <SectionSlot>, which loads each section on its own, inside
 * its own error boundary and suspense: one that fails or is slow leaves the others on screen.
 */

/** The places a section can go, and what each gives its sections. */
export interface SlotProps {
  /** The player view (user-policy remote, `user?id=`): the player's id (= their point account's id). */
  player: {
    playerId: number;
    /** The player record's version: it moves with each change made to them (a ban, an unban), so a section showing its consequences keys its queries on it. */
    playerVersion: number;
  };
}
export type SlotName = keyof SlotProps;

export interface SectionDefinition<S extends SlotName = SlotName> {
  slot: S;
  /** Unique within its remote (the section's DOM id is `${remote}-${id}`). */
  id: string;
  /** Sections show by order, then remote and id: the owner's page leaves gaps (10, 20, …). */
  order: number;
  /** The section's code, loaded when the slot is first shown. */
  load: () => Promise<{ default: ComponentType<SlotProps[S]> }>;
}

/**
 * What the host provides: for a slot, one promise per remote of the environment (each settles on
 * its own, so a remote that is down or slow does not hold the others back).
 */
export type SectionSource = (slot: SlotName) => { remote: string; sections: Promise<SectionDefinition[]>; reset: () => void }[];
