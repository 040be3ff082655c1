import { z } from 'zod';
import { displayNameSchema } from '../core/displayName.js';
import { readPlayersWithPresence } from '../store/presence.js';
import { readPlayers } from '../store/players.js';
import { transaction } from '../store/tx.js';
import { callable } from './callable.js';

/** The caller's public profile, private state and where they are; the first call creates the profile. */
export const getProfile = callable(z.strictObject({}), (_input, caller) =>
  transaction(async (tx) => {
    const hint = { [caller.uid]: caller.token.name ?? caller.token.email };
    const { players, presenceOf } = await readPlayersWithPresence(tx, [caller.uid], [], { nameHints: hint });
    players.write();
    return { ...players.get(caller.uid), presence: presenceOf(caller.uid) };
  }),
);

export const setDisplayName = callable(z.strictObject({ displayName: displayNameSchema }), (input, caller) =>
  transaction(async (tx) => {
    const players = await readPlayers(tx, [caller.uid]);
    players.updatePlayer(caller.uid, { displayName: input.displayName });
    players.write();
    return { player: players.get(caller.uid).player };
  }),
);
