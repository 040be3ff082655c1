import { z } from 'zod';
import { displayNameSchema } from '../core/displayName.js';
import { transaction } from '../store/tx.js';
import { ensurePlayer, playerRef, readPlayers } from '../store/players.js';
import { callable } from './callable.js';

/** The caller's public profile and private state; the first call creates the profile. */
export const getProfile = callable(z.strictObject({}), async (_input, caller) =>
  ensurePlayer(caller.uid, caller.token.name ?? caller.token.email),
);

export const setDisplayName = callable(z.strictObject({ displayName: displayNameSchema }), async (input, caller) =>
  transaction(async (tx) => {
    const players = await readPlayers(tx, [caller.uid]);
    players.createMissing();
    const { player } = players.get(caller.uid);
    const updated = { ...player, displayName: input.displayName, updatedAt: Date.now() };
    tx.set(playerRef(caller.uid), updated);
    return { player: updated };
  }),
);
