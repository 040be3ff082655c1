import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/src/core/config.js';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { measureQuality } from '../../functions/src/core/match/proposal.js';
import { resolvePool } from '../../functions/src/core/mode/pool.js';
import type { Rtts } from '../../functions/src/core/mode/regions.js';
import { newPlayer } from '../../functions/src/core/player/player.js';
import { queuedTicket, toCoreTicket, toPoolEntry, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { botFill } from '../../functions/src/core/match/botFill.js';
import { newRoom, type RoomDoc } from '../../functions/src/core/room/room.js';
import { withLateJoiner } from '../../functions/src/core/room/backfill.js';
import { checkInvariants } from '../../sim/invariants.js';
import type { Snapshot } from '../../sim/snapshot.js';
import { NOW } from './helpers.js';
import { poolId } from '../support/ids.js';

// The test configuration's `regionalCheck`: eu – us – asia in a line, one hop and 150 ms from 2 s, two hops
// from 4 s.
const config = parseConfig(JSON.parse(readFileSync('test/ladder.config.json', 'utf8')));
const pool = (region: string) => resolvePool(config, poolId(`regionalCheck@${region}`));
const queued = (id: string, uid: string, region: string, rtts: Rtts | null): TicketDoc =>
  queuedTicket(
    id,
    pool(region),
    { uid, partyId: null },
    [newPlayer(uid, uid, defaultLadders, NOW)],
    { avoid: [], recent: [] },
    NOW,
    rtts,
  );

/** A room in `region` of these tickets, one a side, proposed `afterSeconds` after they queued; the tickets matched into it. */
function roomOf(id: string, region: string, tickets: TicketDoc[], afterSeconds: number) {
  const at = NOW + afterSeconds * 1000;
  const sides = tickets.map((t) => [toCoreTicket(toPoolEntry(t))]);
  const room = newRoom(
    id,
    pool(region),
    { proposedAt: at, sides, quality: measureQuality(sides, at) },
    new Map(tickets.map((t) => [t.id, t])),
    at,
    null,
  );
  return { room, tickets: tickets.map((t): TicketDoc => ({ ...t, status: 'matched', roomId: id, endedAt: at })) };
}

const found = (invariant: string, tickets: TicketDoc[], rooms: ReturnType<typeof roomOf>['room'][]) =>
  checkInvariants(
    {
      tickets: tickets.map((t) => ({ ...t, pathMode: t.mode })),
      rooms,
      players: [],
      history: [],
      states: [],
      parties: [],
      archives: [],
      closes: [],
    } satisfies Snapshot,
    config,
  ).filter((v) => v.invariant === invariant);
const regional = (tickets: TicketDoc[], rooms: ReturnType<typeof roomOf>['room'][]) =>
  found('every player of a regional room may play in its region', tickets, rooms);

describe("the invariant checker's regional rule", () => {
  // Ann (eu) measured asia at 400 ms; a room with Ben in us fell through and her ticket went back to the pool.
  const ann = queued('a1', 'ann', 'eu', { eu: 20, us: 140, asia: 400 });
  const first = roomOf('r1', 'us', [ann, queued('b1', 'ben', 'us', { us: 20, eu: 9000 })], 2.5);
  const cal = queued('c1', 'cal', 'asia', { asia: 20, us: 9000, eu: 9000 });

  it("judges a requeued ticket by the region and round trips its players queued with, not by the copy's", () => {
    // Sent back as the old code did: to the room's region, its round trips forgotten, then seated in asia.
    const forgetful: TicketDoc = {
      ...ann,
      id: 'a2',
      mode: poolId('regionalCheck@us'),
      rtts: null,
      createdAt: NOW + 3000,
    };
    const second = roomOf('r2', 'asia', [forgetful, cal], 5);
    expect(regional([...first.tickets, ...second.tickets], [first.room, second.room])).toEqual([
      {
        invariant: 'every player of a regional room may play in its region',
        documents: ['rooms/r2', 'pools/regionalCheck@us/tickets/a2', 'pools/regionalCheck@eu/tickets/a1'],
        detail: 'queued in eu measuring {"eu":20,"us":140,"asia":400}, room in asia after 5.0 s',
      },
    ]);
  });

  it('finds nothing wrong when the requeued ticket kept its home and round trips and plays where they allow', () => {
    const kept: TicketDoc = { ...ann, id: 'a2', createdAt: NOW + 3000 };
    const second = roomOf('r2', 'us', [kept, queued('d1', 'dan', 'us', null)], 5);
    expect(regional([...first.tickets, ...second.tickets], [first.room, second.room])).toEqual([]);
  });
});

describe("the invariant checker's rule for games every side left", () => {
  it('flags a room settled, rating moved, although every side had left it; a void one is as it should be', () => {
    const { room, tickets } = roomOf('r9', 'eu', [queued('a9', 'ann', 'eu', null), queued('b9', 'ben', 'eu', null)], 1);
    const left = { ...room, status: 'active' as const, forfeits: ['ann', 'ben'] };
    const invariant = 'a game every side left moves no rating';
    const settled = { ...left, status: 'settled' as const, result: { outcome: 'B' as const } };
    expect(found(invariant, tickets, [settled])).toEqual([
      { invariant, documents: ['rooms/r9'], detail: 'left by ann, ben' },
    ]);
    expect(found(invariant, tickets, [{ ...left, status: 'voided' }])).toEqual([]);
  });
});

describe("the invariant checker's rules for bots", () => {
  const botDuel = resolvePool(config, poolId('botDuel'));
  const ticket = queuedTicket(
    'z1',
    botDuel,
    { uid: 'zoe', partyId: null },
    [newPlayer('zoe', 'zoe', defaultLadders, NOW)],
    { avoid: [], recent: [] },
    NOW,
    null,
  );
  /** Zoe's ticket seated with bots `afterSeconds` after she queued, as the matcher commits it. */
  function botRoom(afterSeconds: number) {
    const at = NOW + afterSeconds * 1000;
    const core = toCoreTicket(toPoolEntry(ticket));
    const [proposal] = botFill(
      { ...botDuel.mode, bots: { ...botDuel.mode.bots!, afterSeconds: 0 } },
      [core],
      new Set(),
      new Map(),
      at,
    );
    const room = newRoom('rb', botDuel, proposal!, new Map([[ticket.id, ticket]]), at, null, proposal!.bots);
    return { room, tickets: [{ ...ticket, status: 'matched' as const, roomId: room.id, endedAt: at }] };
  }
  const settled = (room: RoomDoc, delta: number, uid = 'zoe'): RoomDoc => ({
    ...room,
    status: 'settled',
    endedAt: room.createdAt + 1,
    result: { outcome: 'A' },
    unrated: { reason: 'bots', pairs: [] },
    ratingChanges: {
      [uid]: {
        before: 1500,
        after: 1500 + delta,
        delta,
        rankBefore: room.ranks.zoe!,
        rankAfter: room.ranks.zoe!,
        movement: null,
        outcome: 'win',
      },
    },
  });
  const botRules = (tickets: TicketDoc[], rooms: RoomDoc[]) =>
    found('no bots before afterSeconds', tickets, rooms)
      .concat(found('a room with bots moves no rating', tickets, rooms))
      .concat(found('bots have no rating, history nor place on a leaderboard', tickets, rooms))
      .concat(found('a room with bots has full sides', tickets, rooms))
      .map((v) => v.invariant);

  it('accepts a lone ticket seated with its bots after afterSeconds, its game unrated', () => {
    const { room, tickets } = botRoom(2.5);
    expect(room.bots).toEqual([{ seat: 1, side: 1, rating: 1500, name: 'Bot 1' }]);
    expect(botRules(tickets, [room])).toEqual([]);
    expect(botRules(tickets, [settled(room, 0)])).toEqual([]);
  });

  it('names a room with bots formed too soon, one that moved a rating, one rating a bot, and one missing a bot', () => {
    const early = botRoom(1);
    expect(botRules(early.tickets, [early.room])).toEqual(['no bots before afterSeconds']);
    const { room, tickets } = botRoom(3);
    expect(botRules(tickets, [settled(room, 12)])).toEqual(['a room with bots moves no rating']);
    expect(botRules(tickets, [settled(room, 0, 'Bot 1')])).toEqual([
      'bots have no rating, history nor place on a leaderboard',
    ]);
    expect(botRules(tickets, [{ ...room, bots: [{ ...room.bots[0]!, side: 0 }] }])).toEqual([
      'a room with bots has full sides',
    ]);
  });
});

describe("the invariant checker's one hold at every moment", () => {
  const holds = (tickets: TicketDoc[], rooms: RoomDoc[]) =>
    found('one live ticket or room per player at every moment', tickets, rooms);
  const ann = queued('h1', 'ann', 'eu', null);
  const ben = queued('h2', 'ben', 'eu', null);
  // Matched, played and settled within the millisecond they queued again: what a hand-driven clock produces.
  const { room, tickets } = roomOf('hr', 'eu', [ann, ben], 0);
  const settled: RoomDoc = { ...room, status: 'settled', endedAt: NOW };
  const again = [queued('h3', 'ann', 'eu', null), queued('h4', 'ben', 'eu', null)];

  it('finds no overlap when a room and the tickets after it start in the same millisecond it ended', () => {
    expect(holds([...again, ...tickets], [settled])).toEqual([]);
  });

  it('still names a room that starts in the millisecond a ticket does and outlives it', () => {
    const live: RoomDoc = { ...room, endedAt: null };
    expect(holds([...again, ...tickets], [live]).map((v) => [...v.documents].sort())).toEqual([
      ['pools/regionalCheck@eu/tickets/h3', 'rooms/hr'],
      ['pools/regionalCheck@eu/tickets/h4', 'rooms/hr'],
    ]);
  });
});

describe("the invariant checker's rule for choices", () => {
  // The test configuration's `maps`: three maps, and a language that must be equal.
  const maps = resolvePool(config, poolId('maps'));
  const chose = (id: string, uid: string, choices: Record<string, string[]>): TicketDoc =>
    queuedTicket(
      id,
      maps,
      { uid, partyId: null },
      [newPlayer(uid, uid, defaultLadders, NOW)],
      { avoid: [], recent: [] },
      NOW,
      null,
      choices,
    );
  const roomOfMaps = (tickets: TicketDoc[], agreed: Record<string, string>) => {
    const sides = tickets.map((t) => [toCoreTicket(toPoolEntry(t))]);
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const proposal = { proposedAt: NOW, sides, quality: measureQuality(sides, NOW) };
    return newRoom('rm', maps, proposal, byId, NOW, null, [], agreed);
  };
  const agree = (tickets: TicketDoc[], rooms: RoomDoc[]) =>
    found("a room's tickets agree on its mode's choices", tickets, rooms);
  const ann = chose('m1', 'ann', { map: ['dust', 'nuke'], lang: ['en'] });
  const ben = chose('m2', 'ben', { map: ['nuke'] });

  it('accepts a room that plays the first value every ticket accepts', () => {
    expect(agree([ann, ben], [roomOfMaps([ann, ben], { map: 'nuke', lang: 'en' })])).toEqual([]);
  });

  it('names a room whose tickets share no map, and one that says it plays another', () => {
    const cat = chose('m3', 'cat', { map: ['dust'], lang: ['en'] });
    expect(agree([ben, cat], [roomOfMaps([ben, cat], { map: 'dust', lang: 'en' })])).toHaveLength(1);
    expect(agree([ann, ben], [roomOfMaps([ann, ben], { map: 'dust', lang: 'en' })])).toHaveLength(1);
  });
});

describe("the invariant checker's rule for a queueing in several modes", () => {
  // Ann waits in `1v1` and `duel` with one ticket id; Ben only in `1v1`, where they meet.
  const inPool = (mode: string, id: string, uid: string, alsoIn: string[]): TicketDoc => ({
    ...queuedTicket(
      id,
      resolvePool(config, poolId(mode)),
      { uid, partyId: null },
      [newPlayer(uid, uid, defaultLadders, NOW)],
      { avoid: [], recent: [] },
      NOW,
    ),
    alsoIn: alsoIn.map(poolId),
  });
  const one = resolvePool(config, poolId('1v1'));
  const ann = inPool('1v1', 's1', 'ann', ['duel']);
  const annDuel = inPool('duel', 's1', 'ann', ['1v1']);
  const ben = inPool('1v1', 's2', 'ben', []);
  const sides = [ann, ben].map((t) => [toCoreTicket(toPoolEntry(t))]);
  const room = newRoom(
    'sr',
    one,
    { proposedAt: NOW, sides, quality: measureQuality(sides, NOW) },
    new Map([ann, ben].map((t) => [t.id, t])),
    NOW,
    null,
  );
  const matched = (t: TicketDoc): TicketDoc => ({
    ...t,
    status: 'matched',
    roomId: 'sr',
    endedAt: NOW,
    endReason: 'x',
  });
  const broken = (tickets: TicketDoc[]) =>
    ["a queueing's tickets move together", 'one live ticket or room per player'].flatMap((rule) =>
      found(rule, tickets, [room]).map((v) => v.invariant),
    );

  it('accepts every ticket of the queueing matched into the one room', () => {
    expect(broken([matched(ann), matched(annDuel), matched(ben)])).toEqual([]);
  });

  it('names a sibling left queued after the match, and one matched into no room of its own', () => {
    expect(broken([matched(ann), annDuel, matched(ben)])).toEqual(
      expect.arrayContaining(["a queueing's tickets move together", 'one live ticket or room per player']),
    );
    expect(broken([matched(ann), { ...matched(annDuel), roomId: 'elsewhere' }, matched(ben)])).toContain(
      "a queueing's tickets move together",
    );
  });
});

describe("the invariant checker's rules for late joiners", () => {
  // The test configuration's `ffaLate`: three to four players, late joiners for 60 s, unrated.
  const late = resolvePool(config, poolId('ffaLate'));
  const inLate = (id: string, uid: string): TicketDoc =>
    queuedTicket(
      id,
      late,
      { uid, partyId: null },
      [newPlayer(uid, uid, defaultLadders, NOW)],
      { avoid: [], recent: [] },
      NOW,
    );
  const starters = ['ann', 'ben', 'cat'].map((uid, i) => inLate(`l${i}`, uid));
  // They waited out the 2 s fill wait: a room below its four then forms.
  const STARTED = NOW + 3_000;
  const sides = [starters.map((t) => toCoreTicket(toPoolEntry(t)))];
  const formed = newRoom(
    'lr',
    late,
    { proposedAt: STARTED, sides, quality: measureQuality(sides, STARTED) },
    new Map(starters.map((t) => [t.id, t])),
    STARTED,
    null,
  );
  const matched = (t: TicketDoc, at: number): TicketDoc => ({
    ...t,
    status: 'matched',
    roomId: 'lr',
    endedAt: at,
    endReason: 'x',
  });
  const joinedAt = (at: number, room: RoomDoc = formed) => {
    const dan = inLate('l3', 'dan');
    return {
      room: withLateJoiner(room, dan, at),
      tickets: [...starters.map((t) => matched(t, STARTED)), matched(dan, at)],
    };
  };
  const rules = [
    'late joiners join only a free-for-all with backfill',
    'a late joiner joins whole, within the window',
    'a room never plays more than its mode allows',
    "an unrated late joiner's rating does not move",
    'every room within its caps and premade policy',
    'one live ticket or room per player at every moment',
  ];
  const broken = ({ room, tickets }: { room: RoomDoc; tickets: TicketDoc[] }) =>
    rules.flatMap((rule) => found(rule, tickets, [room]).map((v) => v.invariant));

  it('accepts a player who joined an open game, the room judged by its rules as it formed', () => {
    expect(broken(joinedAt(STARTED + 5_000))).toEqual([]);
  });

  it('names a joiner past the window, a room over its players, a moved rating and a room holding one before they joined', () => {
    expect(broken(joinedAt(STARTED + 61_000))).toContain('a late joiner joins whole, within the window');
    const full = {
      ...formed,
      sides: [
        {
          tickets: [
            ...formed.sides[0]!.tickets,
            { ...formed.sides[0]!.tickets[0]!, ticketId: 'x', members: [{ uid: 'eve', rating: 1500 }] },
          ],
        },
      ],
      memberUids: [...formed.memberUids, 'eve'],
    };
    expect(
      broken(
        joinedAt(STARTED + 5_000, {
          ...full,
          backfill: { ...full.backfill!, maxPlayers: 4 },
          openUntil: STARTED + 60_000,
        }),
      ),
    ).toContain('a room never plays more than its mode allows');
    const played = joinedAt(STARTED + 5_000);
    const change = {
      before: 1500,
      after: 1510,
      delta: 10,
      rankBefore: played.room.ranks.dan!,
      rankAfter: played.room.ranks.dan!,
      movement: null,
      outcome: 'win' as const,
    };
    expect(broken({ ...played, room: { ...played.room, ratingChanges: { dan: change } } })).toContain(
      "an unrated late joiner's rating does not move",
    );
    const early = joinedAt(STARTED + 5_000);
    expect(broken({ ...early, room: { ...early.room, late: { dan: STARTED + 4_000 } } })).toContain(
      'one live ticket or room per player at every moment',
    );
  });
});
