import { z } from 'zod';
import { catalogOf } from '../core/mode/catalog.js';
import { publicCallable } from './callable.js';

/**
 * The deployment's modes and ladders (formats, regions, ticket time-to-live, ready check, tiers), so a game or
 * lobby offers what the server runs instead of a copy of its configuration. Open before sign-in: it reads no
 * document and tells nothing about any player.
 */
export const getModes = publicCallable(z.strictObject({}), async (_input, ctx) => catalogOf(ctx.config));
