import { z } from 'zod';
import { fairPlayConfigSchema } from './fairplay/config.js';
import { partiesConfigSchema } from './player/party.js';
import { resultsConfigSchema } from './room/results.js';
import { defaultLadders, laddersSchema } from './ladder/ladder.js';
import { defaultModes, modesSchema } from './mode/modes.js';
import { ConfigError } from './errors.js';
import { formatIssues, withMovedKeys } from './validation.js';

export const matcherConfigSchema = z.strictObject({
  /** Pause between two sweeps of every mode within one scheduled run: the scheduled path's wait for a match. */
  sweepIntervalSeconds: z.number().min(0.2).max(30).default(2),
  /** How long one run (started every minute by Cloud Scheduler) keeps sweeping; keep it under a minute. */
  runSeconds: z.number().min(1).max(540).default(55),
  /** How often each mode's queue statistics document is rewritten (when it changed). */
  statsEverySeconds: z.number().min(1).default(10),
  /**
   * Transactions a sweep runs at once (commits, expiries, room deadlines). They touch disjoint documents, and one
   * at a time a sweep commits only as many matches a second as one transaction's round trip allows.
   */
  concurrency: z.number().int().min(1).max(64).default(8),
  /**
   * Matcher runs started every minute, each in its own function instance. Every pool (a mode) has its own lease,
   * and the runs share the pools out between them: more runs, more pools swept side by side.
   */
  runs: z.number().int().min(1).max(16).default(1),
});
export type MatcherConfig = z.infer<typeof matcherConfigSchema>;

/**
 * How the ladder works inside rather than what a studio offers its players: the scheduled matcher's cadence
 * and the party bonus in the matching score. The defaults suit any game; a studio rarely needs to touch them.
 */
export const advancedConfigSchema = z.strictObject({
  matcher: matcherConfigSchema.default(matcherConfigSchema.parse({})),
  /**
   * A party of n scores floor(average rating) + this · n; a solo player scores their rating (core/match/ticket.ts).
   * One value for every mode: friends coordinate better than their ratings say whatever they play.
   */
  partyBonusPerMember: z.number().min(0).default(10),
});
export type AdvancedConfig = z.infer<typeof advancedConfigSchema>;

/** Memory sizes Cloud Functions (2nd gen) accepts. */
const MEMORY = ['128MiB', '256MiB', '512MiB', '1GiB', '2GiB', '4GiB', '8GiB', '16GiB', '32GiB'] as const;

/**
 * Where and how the ladder's functions run. Set per function rather than with `setGlobalOptions`, which would
 * also change the studio's own functions in the same codebase.
 */
export const functionsConfigSchema = z.strictObject({
  /** The Cloud Functions region; the client SDK must be given the same (`createLadder({ region })`). */
  region: z
    .string()
    .regex(/^[a-z]+-[a-z]+\d+$/, 'must be a Cloud Functions region such as "europe-west1"')
    .default('us-central1'),
  memory: z.enum(MEMORY).default('256MiB'),
  /** Warm instances kept for each callable (players feel cold starts); scheduled jobs never keep any. */
  minInstances: z.number().int().min(0).max(100).default(0),
});
export type FunctionsConfig = z.infer<typeof functionsConfigSchema>;

/**
 * Which Firestore database of the project holds the ladder's documents: `(default)`, or a named database (say
 * `ladder`) that keeps the ladder's rules, indexes and collections apart from the studio's own.
 */
export const firestoreConfigSchema = z.strictObject({
  database: z
    .string()
    .regex(
      /^(\(default\)|[a-z][a-z0-9-]{2,61}[a-z0-9])$/,
      'must be "(default)" or a Firestore database id: 4 to 63 lowercase letters, digits and hyphens, starting with a letter',
    )
    .default('(default)'),
});

export const loginConfigSchema = z.strictObject({
  /** WeChat mini-game login (`WECHAT_APP_ID`, the `WECHAT_APP_SECRET` secret): off unless the game uses it. */
  wechat: z.boolean().default(false),
  /** Douyin mini-game login (`DOUYIN_APP_ID`, the `DOUYIN_APP_SECRET` secret): off unless the game uses it. */
  douyin: z.boolean().default(false),
});

/** Everything a studio configures, validated once at load so a typo fails the deploy, not a match. */
export const appConfigSchema = withMovedKeys(
  { matcher: 'advanced.matcher' },
  z
    .strictObject({
      ladders: laddersSchema.default(defaultLadders),
      modes: modesSchema.default(defaultModes),
      parties: partiesConfigSchema.default(partiesConfigSchema.parse({})),
      results: resultsConfigSchema.default(resultsConfigSchema.parse({})),
      fairPlay: fairPlayConfigSchema.default(fairPlayConfigSchema.parse({})),
      functions: functionsConfigSchema.default(functionsConfigSchema.parse({})),
      firestore: firestoreConfigSchema.default(firestoreConfigSchema.parse({})),
      login: loginConfigSchema.default(loginConfigSchema.parse({})),
      advanced: advancedConfigSchema.default(advancedConfigSchema.parse({})),
    })
    .superRefine((config, ctx) => {
      for (const [id, mode] of Object.entries(config.modes)) {
        if (!(mode.ladder in config.ladders)) {
          ctx.addIssue({
            code: 'custom',
            path: ['modes', id, 'ladder'],
            message: `names ladder "${mode.ladder}", which is not configured (ladders: ${Object.keys(config.ladders).join(', ')})`,
          });
        }
      }
    }),
);
export type AppConfig = z.infer<typeof appConfigSchema>;

export function parseConfig(input: unknown, source = 'configuration'): AppConfig {
  const result = appConfigSchema.safeParse(input);
  if (!result.success) throw new ConfigError(`Invalid ${source}: ${formatIssues(result.error)}`);
  return result.data;
}
