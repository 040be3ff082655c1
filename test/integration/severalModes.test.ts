import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../support/admin.js';
import { ladderPlayers, reach } from '../support/ladder.js';

describe('queueing for several modes through the SDK', () => {
  it('seats a player waiting in two modes by the one that matches first, and the Match becomes that mode', async () => {
    const [ann, bob] = await ladderPlayers('Both Ann', 'Both Bob');
    const annMatch = await ann.queue('2v2', { alsoModes: ['1v1'] });
    expect((await reach(annMatch, 'queued')).kind).toBe('queued');
    expect(annMatch.mode).toBe('2v2');
    const bobMatch = await bob.queue('1v1');
    const { room } = await reach(bobMatch, 'active');
    expect(room.memberUids.sort()).toEqual([ann.uid, bob.uid].sort());
    expect((await reach(annMatch, 'active')).room.id).toBe(room.id);
    expect(annMatch.mode).toBe('1v1');
    // She left the 2v2 queue in the same moment: nothing of hers waits there.
    expect(await ann.cancelQueue()).toBe(false);
  });

  it('refuses a mode named twice, an unknown one, or a choice none of them offers, and queues nobody', async () => {
    const [eve] = await ladderPlayers('Both Eve');
    await expectRefusal(
      eve.enqueue('1v1', { alsoModes: ['1v1'] }),
      'invalid-argument',
      /alsoModes: "1v1" is named twice/,
    );
    await expectRefusal(eve.enqueue('1v1', { alsoModes: ['chess'] }), 'invalid-argument', /alsoModes/);
    await expectRefusal(
      eve.enqueue('1v1', { alsoModes: ['maps'], choices: { colour: 'red' } }),
      'invalid-argument',
      /choices\.colour: none of the modes "1v1", "maps" offers it/,
    );
    expect(await eve.cancelQueue()).toBe(false);
    // A choice one of the modes offers goes to that mode's ticket only.
    const queued = await eve.enqueue('maps', { alsoModes: ['1v1'], choices: { map: ['dust'] } });
    expect(queued).toMatchObject({ pool: 'maps', alsoIn: ['1v1'], room: null });
    expect(await eve.cancelQueue()).toBe(true);
  });
});
