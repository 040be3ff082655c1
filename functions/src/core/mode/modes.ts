import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { formatIssues, withMovedKeys } from '../validation.js';
import { backfillSchema, MAX_FFA_PLAYERS } from './backfill.js';
import { botsSchema } from './bots.js';
import { buildsSchema } from './builds.js';
import { choicesSchema } from './choices.js';
import { regionsSchema } from './regions.js';

/** A mode's rematch (core/room/rematch.ts); null in the mode: none. */
export const rematchConfigSchema = z.strictObject({
  /** How long after the game settles its players may ask; all must have asked within it. */
  windowSeconds: z.number().int().min(5).max(600).default(30),
  /** Team modes where the sides differ (first move, map side): the rematch swaps them. */
  swapSides: z.boolean().default(false),
});
export type RematchConfig = z.infer<typeof rematchConfigSchema>;

/**
 * A cap that widens with waiting: `schedule` maps a wait (seconds, of the oldest ticket in a match) to the
 * cap's value from then on; `hard` is the value no step may exceed, so operators can read the worst case
 * at a glance and the shell can bound its range queries by it.
 */
export const widenedCapSchema = z
  .object({
    hard: z.number().positive(),
    schedule: z.array(z.object({ afterSeconds: z.number().min(0), value: z.number().positive() })).min(1),
  })
  .superRefine((cap, ctx) => {
    cap.schedule.forEach((step, i) => {
      const previous = cap.schedule[i - 1];
      if (i === 0 && step.afterSeconds !== 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['schedule', 0, 'afterSeconds'],
          message: 'the first step must start at 0 seconds, so the cap applies from the moment of queueing',
        });
      }
      if (previous && step.afterSeconds <= previous.afterSeconds) {
        ctx.addIssue({
          code: 'custom',
          path: ['schedule', i, 'afterSeconds'],
          message: `steps must be ordered by increasing wait (${step.afterSeconds} s follows ${previous.afterSeconds} s)`,
        });
      }
      if (previous && step.value < previous.value) {
        ctx.addIssue({
          code: 'custom',
          path: ['schedule', i, 'value'],
          message: `a cap may only widen with waiting (${step.value} is below the previous ${previous.value})`,
        });
      }
      if (step.value > cap.hard) {
        ctx.addIssue({
          code: 'custom',
          path: ['schedule', i, 'value'],
          message: `${step.value} exceeds the hard cap ${cap.hard}`,
        });
      }
    });
  });
export type WidenedCap = z.infer<typeof widenedCapSchema>;

/** Premade ("黑店") balance: `sameCount` = both sides hold as many parties of two or more; `mirror` = the same multiset of party sizes. */
export const premadePolicySchema = z.enum(['sameCount', 'mirror']);
export type PremadePolicy = z.infer<typeof premadePolicySchema>;

const teamFormatSchema = z.object({
  kind: z.literal('team'),
  /** Players per side, 1v1 up to 5v5. Parties are never split, so no larger party can play the mode. */
  teamSize: z.number().int().min(1).max(5),
  premade: premadePolicySchema.default('sameCount'),
  /** Maximum difference between the two sides' average matching score. */
  sideDifferenceCap: widenedCapSchema,
});

const freeForAllFormatSchema = z
  .object({
    kind: z.literal('ffa'),
    minPlayers: z.number().int().min(2),
    maxPlayers: z.number().int().max(MAX_FFA_PLAYERS),
    /** Once `minPlayers` are within reach, how long the oldest ticket waits for more before starting. */
    fillWaitSeconds: z.number().min(0),
    /** A room in play takes late joiners while it has open seats (core/mode/backfill.ts); null: off. */
    backfill: backfillSchema.nullable().default(null),
  })
  .superRefine((format, ctx) => {
    if (format.minPlayers > format.maxPlayers) {
      ctx.addIssue({
        code: 'custom',
        path: ['minPlayers'],
        message: `must not exceed maxPlayers (${format.minPlayers} > ${format.maxPlayers})`,
      });
    }
  });

/**
 * One matchmaking mode. An object schema so the shell can `.extend()` it; the team / free-for-all
 * specifics sit in `format`, discriminated on `format.kind`.
 */
export const modeSchema = z.object({
  /** Ladder whose rating this mode reads and settles; cross-checked against the ladders elsewhere. */
  ladder: z.string().min(1),
  format: z.discriminatedUnion('kind', [teamFormatSchema, freeForAllFormatSchema]),
  /** Maximum spread between the highest and lowest matching score in a match. */
  spreadCap: widenedCapSchema,
  /** A ticket nobody heartbeats for this long leaves the pool as expired: dead clients drop out. */
  ticketTtlSeconds: z.number().positive(),
  /**
   * Every player accepts the match before the room starts. A decline or a timeout cancels the room: tickets
   * whose members all accepted return to the pool with their original enqueue time, and whoever declined (or
   * let the timer run out) cools down for a time that grows with their recent dodges (`fairPlay.dodging`).
   * Strict, so a configuration still naming the former flat `declineCooldownSeconds` fails to load. Null:
   * rooms start at once.
   */
  readyCheck: z
    .strictObject({ timeoutSeconds: z.number().int().min(1).default(20) })
    .nullable()
    .default(null),
  /** Time from the start of play until results must be in; an unreported room is then settled or voided. */
  reportTimeoutSeconds: z.number().int().min(1).default(1800),
  /**
   * A player of a started game whose client sends no heartbeat for this long is taken to have left it, as if
   * they had called `forfeit` (core/fairplay/leaving.ts). Null: off, a silent player stays in the game.
   */
  leaveAfterSilentSeconds: z.number().min(1).nullable().default(null),
  /** Regions, each its own pool, that players queue in and widen across as they wait (core/mode/regions.ts); null: one pool. */
  regions: regionsSchema.nullable().default(null),
  /** Which client builds play together and the oldest allowed (core/mode/builds.ts); null: any build, one pool. */
  builds: buildsSchema.nullable().default(null),
  /** What players choose that their room must agree on, such as maps (core/mode/choices.ts); null: nothing. */
  choices: choicesSchema.nullable().default(null),
  /** Players of a settled room may play again at once when all ask in time (core/room/rematch.ts); null: off. */
  rematch: rematchConfigSchema.nullable().default({ windowSeconds: 30, swapSides: false }),
  /** Bots fill a long-waiting ticket's room when no human fits (core/mode/bots.ts); null: off, tickets wait for humans. */
  bots: botsSchema.nullable().default(null),
});
export type Mode = z.infer<typeof modeSchema>;
export type TeamFormat = z.infer<typeof teamFormatSchema>;
export type FreeForAllFormat = z.infer<typeof freeForAllFormatSchema>;

const modeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'mode ids are letters, digits, "_" and "-" (they name Firestore documents)');

export const modesSchema = z
  .record(modeIdSchema, withMovedKeys({ partyBonusPerMember: 'advanced.partyBonusPerMember' }, modeSchema))
  .refine((modes) => Object.keys(modes).length > 0, 'at least one mode is required');
export type Modes = z.infer<typeof modesSchema>;

/** Validates a mode table, naming the place of each problem, e.g. `modes.2v2.spreadCap.schedule[1].value: ...`. */
export function parseModes(input: unknown): Modes {
  const result = modesSchema.safeParse(input);
  if (!result.success) throw new ConfigError(`Invalid mode configuration: ${formatIssues(result.error, 'modes')}`);
  return result.data;
}

/**
 * The original's 100 points at first; then quickly wider, because in a small population the players far
 * from the middle would otherwise wait for minutes. A wide spread is still a fair match as long as the
 * side cap holds, and the optimal split keeps sides close.
 */
const spreadCap = {
  hard: 400,
  schedule: [
    { afterSeconds: 0, value: 100 },
    { afterSeconds: 2, value: 200 },
    { afterSeconds: 4, value: 300 },
    { afterSeconds: 6, value: 400 },
  ],
};

/** Starts at 20 points, about a 47/53 prediction, so a fresh match is fair by construction; widens slowly. */
const sideDifferenceCap = {
  hard: 100,
  schedule: [
    { afterSeconds: 0, value: 20 },
    { afterSeconds: 10, value: 30 },
    { afterSeconds: 20, value: 50 },
    { afterSeconds: 40, value: 100 },
  ],
};

const readyCheck = { timeoutSeconds: 20 };

const teamMode = (teamSize: number) => ({
  ladder: teamSize === 1 ? 'solo' : 'team',
  format: { kind: 'team', teamSize, sideDifferenceCap },
  spreadCap,
  ticketTtlSeconds: 120,
  readyCheck,
});

export const defaultModes: Modes = parseModes({
  '1v1': teamMode(1),
  '2v2': teamMode(2),
  '3v3': teamMode(3),
  '4v4': teamMode(4),
  '5v5': teamMode(5),
  ffa: {
    ladder: 'team',
    format: { kind: 'ffa', minPlayers: 4, maxPlayers: 8, fillWaitSeconds: 15 },
    spreadCap,
    ticketTtlSeconds: 120,
    readyCheck,
  },
});
