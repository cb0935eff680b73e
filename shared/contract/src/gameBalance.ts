import { z } from 'zod';
import { wholeNumber } from './fields';
import { versionSchema } from './common';
import { defineDocument } from './resource';
import { lazy } from './lazy';

/**
 * The three game balance documents (health, cooldown, energy): each one versioned singleton with
 * its history. Every value has a range, declared here once: the form checks it, the BFF checks it
 * with the same schema, and the table has the same CHECK constraints (migrations 0040–0042).
 */

/** "100000" → "100,000": what toLocaleString('en') gives, without starting ICU while the console boots. */
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A whole number between min and max, with a message naming both (the same in form and API). */
export function rangedInt(label: string, min: number, max: number) {
  const message = `${label} is a whole number from ${groupDigits(min)} to ${groupDigits(max)}`;
  return z.number({ message }).check(wholeNumber(message)).min(min, message).max(max, message);
}

const savedShape = { version: versionSchema, updatedAt: lazy(() => z.string()), updatedBy: lazy(() => z.string().nullable()) };

// ── health ──────────────────────────────────────────────────────────────────────────────────
export const HEALTH_RANGES = { maxHealth: [1, 100_000], regenerationPerMinute: [0, 10_000] } as const;

const healthFields = lazy(() =>
  z.object({
    maxHealth: rangedInt('Max health', ...HEALTH_RANGES.maxHealth),
    regenerationPerMinute: rangedInt('Regeneration per minute', ...HEALTH_RANGES.regenerationPerMinute),
  }),
);
export const healthSettingsUpdateSchema = lazy(() =>
  healthFields.extend({ version: versionSchema }).superRefine((input, ctx) => {
    if (input.regenerationPerMinute > input.maxHealth) {
      ctx.addIssue({ code: 'custom', path: ['regenerationPerMinute'], message: 'Regeneration per minute cannot exceed max health' });
    }
  }),
);
export const healthSettingsSchema = lazy(() => healthFields.extend(savedShape));
export type HealthSettings = z.infer<typeof healthSettingsSchema>;
export type HealthSettingsUpdate = z.infer<typeof healthSettingsUpdateSchema>;

export const healthDocument = defineDocument({
  scope: 'operations',
  path: '/game-balance/health',
  target: 'health',
  noun: 'health settings',
  schemas: { record: healthSettingsSchema, update: healthSettingsUpdateSchema },
});

// ── cooldown ────────────────────────────────────────────────────────────────────────────────
/** The game actions that have a cooldown: the document holds exactly one row for each. */
export const GAME_ACTIONS = ['attack', 'skill', 'ultimate', 'item', 'dodge', 'emote', 'rematch'] as const;
export type GameAction = (typeof GAME_ACTIONS)[number];
export const COOLDOWN_SECONDS_RANGE = [0, 86_400] as const;

const cooldownRowSchema = lazy(() =>
  z.object({
    action: z.enum(GAME_ACTIONS, { message: 'Pick a game action' }),
    seconds: rangedInt('Cooldown', ...COOLDOWN_SECONDS_RANGE),
  }),
);
export type CooldownRow = z.infer<typeof cooldownRowSchema>;

const cooldownFields = lazy(() => z.object({ actions: z.array(cooldownRowSchema, { message: 'Send one row per game action' }) }));
export const cooldownSettingsUpdateSchema = lazy(() =>
  cooldownFields.extend({ version: versionSchema }).superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.actions.forEach((row, index) => {
      if (seen.has(row.action)) ctx.addIssue({ code: 'custom', path: ['actions', index, 'action'], message: 'Each action once' });
      seen.add(row.action);
    });
    const missing = GAME_ACTIONS.filter((action) => !seen.has(action));
    if (missing.length) ctx.addIssue({ code: 'custom', path: ['actions'], message: `Missing actions: ${missing.join(', ')}` });
  }),
);
export const cooldownSettingsSchema = lazy(() => cooldownFields.extend(savedShape));
export type CooldownSettings = z.infer<typeof cooldownSettingsSchema>;
export type CooldownSettingsUpdate = z.infer<typeof cooldownSettingsUpdateSchema>;

export const cooldownDocument = defineDocument({
  scope: 'operations',
  path: '/game-balance/cooldown',
  target: 'cooldown',
  noun: 'cooldown settings',
  schemas: { record: cooldownSettingsSchema, update: cooldownSettingsUpdateSchema },
});

// ── energy ──────────────────────────────────────────────────────────────────────────────────
export const ENERGY_RANGES = {
  maxEnergy: [1, 1_000],
  regenerationIntervalMinutes: [1, 1_440],
  regenerationAmount: [1, 1_000],
  costPerBattle: [0, 1_000],
} as const;

const energyFields = lazy(() =>
  z.object({
    maxEnergy: rangedInt('Max energy', ...ENERGY_RANGES.maxEnergy),
    regenerationIntervalMinutes: rangedInt('Regeneration interval', ...ENERGY_RANGES.regenerationIntervalMinutes),
    regenerationAmount: rangedInt('Regeneration amount', ...ENERGY_RANGES.regenerationAmount),
    costPerBattle: rangedInt('Cost per battle', ...ENERGY_RANGES.costPerBattle),
  }),
);
export const energySettingsUpdateSchema = lazy(() =>
  energyFields.extend({ version: versionSchema }).superRefine((input, ctx) => {
    // A battle that costs more than a full bar could never be played.
    if (input.costPerBattle > input.maxEnergy) {
      ctx.addIssue({ code: 'custom', path: ['costPerBattle'], message: 'Cost per battle cannot exceed max energy' });
    }
    if (input.regenerationAmount > input.maxEnergy) {
      ctx.addIssue({ code: 'custom', path: ['regenerationAmount'], message: 'Regeneration amount cannot exceed max energy' });
    }
  }),
);
export const energySettingsSchema = lazy(() => energyFields.extend(savedShape));
export type EnergySettings = z.infer<typeof energySettingsSchema>;
export type EnergySettingsUpdate = z.infer<typeof energySettingsUpdateSchema>;

export const energyDocument = defineDocument({
  scope: 'operations',
  path: '/game-balance/energy',
  target: 'energy',
  noun: 'energy settings',
  schemas: { record: energySettingsSchema, update: energySettingsUpdateSchema },
});
