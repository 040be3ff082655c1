import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../support/admin.js';
import { ladderPlayers, reach } from '../support/ladder.js';

describe('choices through the SDK', () => {
  it('seat a player with the one who shares a map and a language, and the room says which', async () => {
    const [ann, bob, cat] = await ladderPlayers('Map Ann', 'Map Bob', 'Map Cat');
    const annMatch = await ann.queue('maps', { choices: { map: ['dust'], lang: 'en' } });
    const bobMatch = await bob.queue('maps', { choices: { map: ['nuke'], lang: 'en' } });
    await reach(bobMatch, 'queued');
    // Cat accepts both maps but speaks Chinese: nobody agrees with her.
    const catMatch = await cat.queue('maps', { choices: { map: ['dust', 'nuke'], lang: 'zh' } });
    expect((await reach(catMatch, 'queued')).kind).toBe('queued');
    expect(bobMatch.status?.kind).toBe('queued');
    await catMatch.cancel();
    const dan = (await ladderPlayers('Map Dan'))[0];
    const danMatch = await dan.queue('maps', { choices: { map: ['mirage', 'dust'] } });
    const { room } = await reach(danMatch, 'active');
    expect(room.memberUids.sort()).toEqual([ann.uid, dan.uid].sort());
    expect(room.agreed).toEqual({ map: 'dust', lang: 'en' });
    expect((await reach(annMatch, 'active')).room.agreed).toEqual({ map: 'dust', lang: 'en' });
  });

  it('refuses a choice or value the mode does not offer, naming the field, and queues nobody', async () => {
    const [eve] = await ladderPlayers('Map Eve');
    await expectRefusal(
      eve.enqueue('maps', { choices: { map: ['vertigo'] } }),
      'invalid-argument',
      /choices\.map: "vertigo" is not one of "dust", "mirage", "nuke"/,
    );
    await expectRefusal(eve.enqueue('maps', { choices: { lang: ['en', 'zh'] } }), 'invalid-argument', /choices\.lang/);
    await expectRefusal(
      eve.enqueue('1v1', { choices: { map: 'dust' } }),
      'invalid-argument',
      /mode "1v1" offers no choices/,
    );
    expect(await eve.cancelQueue()).toBe(false);
  });
});
