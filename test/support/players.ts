import { devPlayer, type Client } from './client.js';

/** Signs in several named players at once (dev login), typed as a tuple. */
export const players = <const N extends string[]>(...names: N) =>
  Promise.all(names.map((name) => devPlayer(name))) as Promise<{ [K in keyof N]: Client }>;

/** Creates a party led by `leader` that the others join; returns its id. */
export async function party(leader: Client, ...members: Client[]): Promise<string> {
  const { party: created } = await leader.call('createParty');
  for (const m of members) await m.call('joinParty', { code: created.code });
  return created.id;
}
