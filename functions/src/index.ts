import { existsSync } from 'node:fs';
import { createLadderFunctions } from './ladder.js';

/**
 * This repository's own deployment, through the package as a studio would: the file LADDER_CONFIG names (tests,
 * the simulation), else functions/ladder.config.json when present, else the defaults.
 */
const file = new URL('../ladder.config.json', import.meta.url);
const source = process.env.LADDER_CONFIG ? { path: process.env.LADDER_CONFIG } : existsSync(file) ? { path: file } : {};

export const ladder = createLadderFunctions(source);
