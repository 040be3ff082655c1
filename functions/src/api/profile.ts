import { z } from 'zod';
import { displayNameSchema } from '../core/player/displayName.js';
import { profile, renamePlayer } from '../store/profile.js';
import { callable } from './callable.js';

/** The caller's public profile, private state and where they are; the first call creates the profile. */
export const getProfile = callable(z.strictObject({}), (_input, caller, ctx) =>
  profile(ctx, caller.uid, caller.token.name ?? caller.token.email),
);

export const setDisplayName = callable(z.strictObject({ displayName: displayNameSchema }), (input, caller, ctx) =>
  renamePlayer(ctx, caller.uid, input.displayName),
);
