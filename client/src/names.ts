/**
 * The name a callable deploys under: the server exports every function in one group (`export const ladder =
 * createLadderFunctions(config)`), which Firebase names `ladder-<name>`; a second ladder in the same codebase is
 * exported under another group (`arena-<name>`), which `createLadder`'s `group` option names. Everything that calls
 * a function by name goes through here; it loads no Firebase SDK, so the HTTP entry uses it too.
 */
export const DEFAULT_GROUP = 'ladder';
const GROUP = `${DEFAULT_GROUP}-`;

export const deployedName = (name: string, group = DEFAULT_GROUP): string => `${group}-${name}`;

/** The callable a deployed function name stands for (`ladder-enqueue` → `enqueue`); other names as they are. */
export const callNameOf = (deployed: string): string =>
  deployed.startsWith(GROUP) ? deployed.slice(GROUP.length) : deployed;
