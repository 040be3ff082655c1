/**
 * The package's `import` entry. The CommonJS build (ladder.js) is the one implementation: an ES-module codebase
 * and a CommonJS one load the same module, so the process holds one configuration and one Admin app.
 */
export { ConfigError, createLadderFunctions, parseConfig } from './ladder.js';
export type { ConfigSource, LadderConfig, LadderFunctions } from './ladder.js';
