import { z } from 'zod';

/** A mode's rematch (core/room/rematch.ts); null in the mode: none. */
export const rematchConfigSchema = z.strictObject({
  /** How long after the game settles its players may ask; all must have asked within it. */
  windowSeconds: z.number().int().min(5).max(600).default(30),
  /** Team modes where the sides differ (first move, map side): the rematch swaps them. */
  swapSides: z.boolean().default(false),
});
export type RematchConfig = z.infer<typeof rematchConfigSchema>;

/** On a settled room (`rooms/{id}.rematch`): who asked, until when, and the new room once it formed. */
export const rematchStateSchema = z.object({
  asked: z.array(z.string()),
  deadline: z.number().int(),
  /** The rematch's room, once everyone asked. */
  roomId: z.string().nullable(),
  /** Why the rematch would be unrated (the daily pair cap), said before anyone plays it; null: rated. */
  unrated: z.string().nullable(),
});
export type RematchState = z.infer<typeof rematchStateSchema>;
