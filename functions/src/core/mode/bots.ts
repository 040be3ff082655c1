import { z } from 'zod';

/**
 * Bot seats after a wait: a ticket that has waited `afterSeconds` and that no human match takes in a sweep is
 * seated with bots in the missing seats (core/match/botFill.ts). The game drives the bots; the room settles
 * unrated for its humans (core/room/botSettlement.ts). Rated games against bots, on a separate ladder, are
 * not offered: `rated` must be false, and says so where the mode is configured.
 */
export const botsSchema = z.strictObject({
  /** How long a ticket waits for humans before bots may fill its room. */
  afterSeconds: z.number().min(0),
  /** Each bot's rating: `mirror` copies the human players' average rating; a number fixes it. */
  rating: z.union([z.literal('mirror'), z.number().int().min(0)]).default('mirror'),
  rated: z.literal(false, { error: 'games against bots are unrated: rated must be false' }).default(false),
});
export type Bots = z.infer<typeof botsSchema>;

/** One bot in a room: its seat number (1, 2, … within the room), the side it plays on, its rating and name. */
export const botSeatSchema = z.object({
  seat: z.number().int().min(1),
  /** 0 is side A, 1 side B; in free-for-all every seat is on side 0. */
  side: z.number().int().min(0).max(1),
  rating: z.number().int(),
  name: z.string(),
});
export type BotSeat = z.infer<typeof botSeatSchema>;
