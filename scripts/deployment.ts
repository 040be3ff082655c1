/**
 * This repository's own ladder, built in this process from the sources (deploy/index.js builds the same one from
 * the package for the emulators and a deploy): the file LADDER_CONFIG names, else deploy/ladder.config.json when
 * present, else the defaults.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLadderFunctions } from '../functions/src/ladder.js';

const file = fileURLToPath(new URL('../deploy/ladder.config.json', import.meta.url));
const source = process.env.LADDER_CONFIG ? { path: process.env.LADDER_CONFIG } : existsSync(file) ? { path: file } : {};

export const ladder = createLadderFunctions(source);
