/**
 * This repository's own deployment (the `ladder` codebase of firebase.json), through the package as a studio
 * would: the file LADDER_CONFIG names (tests, the simulation), else ladder.config.json beside this file when
 * present, else the defaults.
 */
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { createLadderFunctions } = require('@ladder/functions');

const file = join(__dirname, 'ladder.config.json');
const source = process.env.LADDER_CONFIG ? { path: process.env.LADDER_CONFIG } : existsSync(file) ? { path: file } : {};

exports.ladder = createLadderFunctions(source);
