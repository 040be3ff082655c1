/**
 * The name a callable deploys under: the server exports every function in one group (`export const ladder =
 * createLadderFunctions(config)`), which Firebase names `ladder-<name>`. Everything that calls a function by name
 * goes through here; it loads no Firebase SDK, so the HTTP entry uses it too.
 */
const GROUP = 'ladder-';

export const deployedName = (name: string): string => `${GROUP}${name}`;

/** The callable a deployed function name stands for (`ladder-enqueue` → `enqueue`); other names as they are. */
export const callNameOf = (deployed: string): string =>
  deployed.startsWith(GROUP) ? deployed.slice(GROUP.length) : deployed;
