/**
 * The name a callable deploys under: the server exports every function in one group (`export const ladder =
 * createLadderFunctions(config)`), which Firebase names `ladder-<name>`. Everything that calls a function by name
 * goes through here; it loads no Firebase SDK, so the HTTP entry uses it too.
 */
export const deployedName = (name: string): string => `ladder-${name}`;
