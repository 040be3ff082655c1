import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it, vi } from 'vitest';
import {
  createLadder,
  describeRoom,
  isLadderError,
  LadderError,
  sideOf,
  type Ladder,
  type ListenerEvent,
  type Match,
} from '@ladder/client';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { devPlayer, emulatorHosts, newApp } from '../support/client.js';
import { ticketOf } from '../support/game.js';
import { callBucketOf, setCallBucket } from '../support/admin.js';
import { rankedGame } from '../../client/examples/rankedGame.js';
import { emulatorApp, kindsOf, ladderPlayer, ladderPlayers, reach, within } from '../support/ladder.js';
import { type Relay, startRelay } from '../support/relay.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

/** The error a promise rejects with (the test fails if it resolves). */
async function failure(promise: Promise<unknown>): Promise<LadderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LadderError);
  return error as LadderError;
}

/** The first Match `onMatch` hands this player. */
const nextMatch = (ladder: Ladder) => new Promise<Match>((resolve) => ladder.onMatch(resolve));

/** The first Match `onMatch` hands this player, with the unsubscribe of that onMatch. */
function nextMatchOnce(ladder: Ladder): Promise<{ match: Match; stop: () => void }> {
  return new Promise((resolve) => {
    const stop = ladder.onMatch((match) => resolve({ match, stop }));
  });
}

/** Replaces the project's security rules on the Firestore emulator. */
async function setRules(content: string) {
  const { firestoreHost, projectId } = inject('endpoints');
  const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content }] } }),
  });
  if (!response.ok) throw new Error(`loading rules failed: ${await response.text()}`);
}

/**
 * One player queues through a relay to the Firestore emulator, the relay is cut, and a rival queues: their
 * match forms while the first player's listeners hear nothing.
 */
async function matchFormedWhileCut(relay: Relay, mode: string, build?: string) {
  const offline = await ladderPlayer(`Offline ${mode}`, { firestore: relay.host }, build);
  const online = await ladderPlayer(`Online ${mode}`, {}, build);
  const match = await offline.queue(mode);
  await reach(match, 'queued');
  relay.cut();
  await online.queue(mode);
  return { match, offline, online };
}

describe('the client SDK against the emulators', () => {
  it('plays a 1v1: queued with the wait and the estimated wait, active, then settled with the rating change', async () => {
    const [ann, bob, carl, dave] = await ladderPlayers('Ann', 'Bob', 'Carl', 'Dave');
    // An earlier match gives the matcher a wait to estimate from.
    await (await carl.queue('1v1')).until('queued');
    await dave.queue('1v1');

    const annMatch = await ann.queue('1v1');
    const annKinds = kindsOf(annMatch);
    const first = await reach(annMatch, 'queued');
    expect(first).toMatchObject({ kind: 'queued', mode: '1v1', requeued: false, waitedSeconds: 0 });
    await runMatcher(ctx, { durationMs: 1_500, intervalMs: 300 });
    const waiting = await vi.waitUntil(
      () => {
        const s = annMatch.status;
        return s?.kind === 'queued' && s.waitedSeconds >= 1 && s.stats ? s : null;
      },
      { timeout: 5_000 },
    );
    expect(waiting.stats).toMatchObject({ mode: '1v1', waitingPlayers: 1 });
    expect(waiting.estimatedWaitSeconds).toBe(waiting.stats!.recentMatchWaitSeconds!.p50);
    expect(await bob.queueStats('1v1')).toEqual(waiting.stats);

    const bobMatch = await bob.queue('1v1');
    // enqueue matched at once: the status comes from the room it returned, before any listener fires.
    expect(bobMatch.status?.kind).toBe('active');
    const active = await reach(annMatch, 'active');
    expect(describeRoom(active.room, ann.uid)).toMatchObject({
      myWinChance: 0.5,
      sides: [{ players: [{ rating: 1500 }] }, {}],
    });

    await annMatch.reportOutcome('win');
    await bobMatch.reportOutcome('loss');
    const [annEnd, bobEnd] = await Promise.all([reach(annMatch, 'settled'), reach(bobMatch, 'settled')]);
    expect(annEnd).toMatchObject({
      kind: 'settled',
      outcome: 'win',
      ratingChange: { before: 1500, after: 1516, delta: 16 },
    });
    expect(bobEnd).toMatchObject({
      kind: 'settled',
      outcome: 'loss',
      ratingChange: { before: 1500, after: 1484, delta: -16 },
    });
    expect(annKinds).toEqual(['queued', 'active', 'settled']);
    expect(annMatch.ended).toBe(true);

    const board = await bob.leaderboard('solo');
    expect(board.top.map((row) => [row.displayName, row.rating])).toEqual([
      ['Ann', 1516],
      ['Bob', 1484],
    ]);
    expect(board.me).toMatchObject({ rank: 2, rating: 1484, losses: 1 });
    expect((await ann.profile()).player.ladders.solo).toMatchObject({ rating: 1516, wins: 1 });
  });

  it("runs the README's game loop from sign-in to the rating change and the leaderboard", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const game = rankedGame(emulatorApp(), '1v1', async () => 'win');
      await vi.waitUntil(() => log.mock.calls.some(([line]) => /^waited 0 s, usually \? s$/.test(String(line))), {
        timeout: 10_000,
      });
      const rival = await ladderPlayer('Rival');
      await (await rival.queue('1v1')).reportOutcome('loss');
      expect(await game).toMatchObject({ kind: 'settled', outcome: 'win', ratingChange: { delta: 16 } });
      const lines = log.mock.calls.map(([line]) => String(line));
      expect(lines).toContain('playing, predicted win chance 50 %');
      expect(lines).toContain('win: 1500 → 1516 (+16)');
      expect(lines.slice(-2)).toEqual([expect.stringMatching(/^1\. Player-\w+ 1516$/), '2. Rival 1484']);
    } finally {
      log.mockRestore();
    }
  });

  it("rejects with a LadderError carrying the server's code and message", async () => {
    const stranger = createLadder({ app: newApp(), emulators: emulatorHosts() });
    const unauthenticated = await failure(stranger.leaderboard('solo'));
    expect(unauthenticated.code).toBe('unauthenticated');
    expect(() => stranger.uid).toThrow(/Sign in first/);

    const eve = await ladderPlayer('Eve');
    const badMode = await failure(eve.queue('9v9'));
    expect(badMode).toMatchObject({ code: 'invalid-argument', name: 'LadderError', retryable: false });
    expect(isLadderError(badMode, 'invalid-argument')).toBe(true);
    expect(badMode.message).toMatch(/mode/);
    // The functions SDK's " [400]" (the HTTP status) is not for players.
    expect(badMode.message).not.toMatch(/\[\d+\]/);
    const unknownCode = await failure(eve.party.join('abc-def'));
    expect(unknownCode).toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/No party has the code ABCDEF/),
    });
    expect(unknownCode.message).not.toMatch(/\[\d+\]/);
    // Numbers JSON cannot carry are refused before sending, naming the field.
    expect(await failure(eve.leaderboard('solo', Number.NaN))).toMatchObject({
      code: 'invalid-argument',
      message: 'getLeaderboard: limit must be a finite number, got NaN.',
    });
    expect(await failure(eve.leaderboard('solo', Number.POSITIVE_INFINITY))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/limit .* got Infinity/),
    });
    expect((await failure(eve.setDisplayName('x'))).code).toBe('invalid-argument');

    const match = await eve.queue('2v2');
    expect(await failure(match.accept())).toMatchObject({
      code: 'failed-precondition',
      message: expect.stringMatching(/not been matched/),
    });
    expect(await failure(eve.queue('1v1'))).toMatchObject({
      code: 'failed-precondition',
      message: expect.stringMatching(/already queued for 2v2/),
    });
    expect(await match.cancel()).toBe(true);
    expect(await reach(match, 'cancelled')).toMatchObject({
      room: null,
      reason: expect.stringMatching(/cancelled by/),
    });
    expect(() => createLadder({ app: newApp(), emulators: { ...emulatorHosts(), auth: 'nowhere' } })).toThrow(
      /emulators.auth must be "host:port"/,
    );
  });

  it('rejects a call whose connection fails before any answer as unavailable, which may be repeated', async () => {
    const relay = await startRelay(inject('endpoints').functionsHost);
    try {
      const player = await ladderPlayer('Dropped Call', { functions: relay.host });
      relay.cut();
      const dropped = await failure(player.leaderboard('solo'));
      // The functions SDK says `internal [0]`: no answer came, which is not a server fault.
      expect(dropped).toMatchObject({ code: 'unavailable', retryable: true });
      expect(dropped.message).toMatch(/Could not reach the server/);
      relay.restore();
      expect(await player.leaderboard('solo')).toMatchObject({ ladder: 'solo', me: null });
    } finally {
      await relay.close();
    }
  });

  it('logs every listener event with the debug option', async () => {
    const events: ListenerEvent[] = [];
    const ladder = createLadder({ app: newApp(), emulators: emulatorHosts(), debug: (event) => events.push(event) });
    await ladder.login({ provider: 'dev', name: 'Debugger' });
    const match = await ladder.queue('1v1');
    await reach(match, 'queued');
    // The ticket changes on the server alone (a cancel's answer would reach the match without its listener).
    await (await ladderPlayer('Debug Rival')).queue('1v1');
    await match.until('pending', 'active');
    ladder.close();
    const ticket = `pools/${match.pool}/tickets/${match.ticketId}`;
    const seen = events
      .filter((e) => e.path === ticket)
      .map(({ event, status }) => (status ? `${event} ${status}` : event));
    expect(seen[0]).toBe('listen');
    expect(seen).toContain('data queued');
    expect(seen).toContain('data matched');
    expect(events.some((e) => e.path === `playerStates/${ladder.uid}` && e.event === 'data')).toBe(true);
    expect(events.every((e) => typeof e.at === 'number' && e.at <= Date.now())).toBe(true);
  });

  it('keeps a Match that onMatch handed over after the onMatch subscription ends, until it ends or the Ladder closes', async () => {
    const [keeper, rival, closer] = await ladderPlayers('Keeper', 'Rival K', 'Closer');
    const handed = nextMatchOnce(keeper);
    await keeper.enqueue('1v1');
    const { match, stop } = await handed;
    // The game took its match and dropped the listener: the match goes on.
    stop();
    const rivalMatch = await rival.queue('1v1');
    expect(await reach(match, 'active')).toMatchObject({ kind: 'active' });
    await match.reportOutcome('win');
    await rivalMatch.reportOutcome('loss');
    expect(await reach(match, 'settled')).toMatchObject({ outcome: 'win', ratingChange: { delta: 16 } });

    // Closing the Ladder still ends the matches it handed over.
    const closing = nextMatchOnce(closer);
    await closer.enqueue('2v2');
    const held = await closing;
    held.stop();
    await reach(held.match, 'queued');
    closer.close();
    expect(held.match.ended).toBe(true);
    expect(await failure(held.match.until('settled'))).toMatchObject({ code: 'cancelled' });
  });

  it('answers a report of a room it saw settled without a call, so a late reporter spends none of their limit', async () => {
    const [late, early] = await ladderPlayers('Late Reporter', 'Early Reporter');
    const lateMatch = await late.queue('1v1');
    const earlyMatch = await early.queue('1v1');
    await reach(lateMatch, 'active');
    await earlyMatch.reportOutcome('loss');
    await lateMatch.reportOutcome('win');
    const settled = await reach(lateMatch, 'settled');
    // Out of calls: a report that reached the server would be counted, and refused.
    const empty = { tokens: 0, at: Date.now() };
    await setCallBucket(late.uid, empty);
    const again = await lateMatch.reportOutcome('win');
    expect(again).toMatchObject({ id: settled.room.id, status: 'settled' });
    expect(await callBucketOf(late.uid)).toEqual(empty);
  });

  it('follows a player back into the queue after a ready check others failed, and into the next room', async () => {
    const [r1, r2, decliner, silent] = await ladderPlayers('Re One', 'Re Two', 'Decliner', 'Silent');
    const m1 = await r1.queue('2v2');
    // Watch before the others queue: the fourth one's enqueue forms the room at once.
    const kinds = kindsOf(m1);
    const m2 = await r2.queue('2v2');
    const mDecline = await decliner.queue('2v2');
    const mSilent = await silent.queue('2v2');
    const pending = await reach(m1, 'pending');
    const firstTicket = m1.ticketId;
    const enqueuedAt = (await ticketOf('2v2', firstTicket)).enqueuedAt;

    await m1.accept();
    expect(m1.status).toMatchObject({ kind: 'pending', youAccepted: true, accepted: [r1.uid] });
    await m2.accept();
    await mDecline.decline();

    const requeued = await reach(m1, 'queued');
    expect(requeued).toMatchObject({ kind: 'queued', requeued: true, enqueuedAt });
    expect(requeued.ticketId).not.toBe(firstTicket);
    expect(await m2.until('queued')).toMatchObject({ kind: 'queued', requeued: true });
    const declined = await reach(mDecline, 'cancelled');
    expect(declined.room?.id).toBe(pending.room.id);
    const { cooldownUntil } = declined;
    expect(cooldownUntil).toBeGreaterThan(Date.now());
    // Who had not answered yet is freed without a cooldown.
    expect(await reach(mSilent, 'cancelled')).toMatchObject({ cooldownUntil: null });
    const coolingDown = await failure(decliner.queue('2v2'));
    expect(coolingDown).toMatchObject({ code: 'failed-precondition', details: { cooldownUntil } });

    const [r5, r6] = await ladderPlayers('Re Five', 'Re Six');
    const seated = [
      { player: r1, match: m1 },
      { player: r2, match: m2 },
      { player: r5, match: await r5.queue('2v2') },
      { player: r6, match: await r6.queue('2v2') },
    ];
    const again = await reach(m1, 'pending');
    expect(again.room.id).not.toBe(pending.room.id);
    for (const { match } of seated) await match.accept();
    await reach(m1, 'active');
    const opponent = seated.find(({ player }) => sideOf(again.room, player.uid) !== sideOf(again.room, r1.uid))!;
    await m1.reportOutcome('win');
    await opponent.match.reportOutcome('loss');
    expect(await reach(m1, 'settled')).toMatchObject({ outcome: 'win', ratingChange: { delta: 32 } });
    expect(kinds).toEqual(['queued', 'pending', 'queued', 'pending', 'active', 'settled']);
  });

  it('hands party members the ticket their leader queued, and skips the previous game after a restart', async () => {
    const [p1, p2, q1, q2] = await ladderPlayers('Lead P', 'Mate P', 'Lead Q', 'Mate Q');
    const ours = await p1.party.create();
    const partyUpdates: (string[] | null)[] = [];
    p1.party.onChange((party) => partyUpdates.push(party?.members.map((m) => m.displayName) ?? null));
    await p2.party.join(ours.code.toLowerCase());
    await q2.party.join((await q1.party.create()).code);
    await vi.waitUntil(() => partyUpdates.at(-1)?.length === 2, { timeout: 10_000 });
    expect(partyUpdates.at(-1)).toEqual(['Lead P', 'Mate P']);

    const mateDelivered = nextMatch(p2);
    const otherMateDelivered = nextMatch(q2);
    const leader = await p1.queue('2v2');
    const mate = await mateDelivered;
    expect(mate.ticketId).toBe(leader.ticketId);
    expect(await reach(mate, 'queued')).toMatchObject({ mode: '2v2' });

    const otherLeader = await q1.queue('2v2');
    const otherMate = await otherMateDelivered;
    for (const m of [leader, mate, otherLeader, otherMate]) {
      await reach(m, 'pending');
      await m.accept();
    }
    const active = await reach(mate, 'active');
    expect(describeRoom(active.room, p2.uid).sides.map((side) => side.players.map((p) => p.name).sort())).toEqual(
      active.room.sides[0]!.tickets[0]!.members.some((m) => m.uid === p2.uid)
        ? [
            ['Lead P', 'Mate P'],
            ['Lead Q', 'Mate Q'],
          ]
        : [
            ['Lead Q', 'Mate Q'],
            ['Lead P', 'Mate P'],
          ],
    );
    await mate.reportOutcome('win');
    await otherMate.reportOutcome('loss');
    expect(await reach(mate, 'settled')).toMatchObject({
      outcome: 'win',
      ratingChange: { before: 1500, after: 1532, delta: 32 },
    });
    expect(await reach(otherLeader, 'settled')).toMatchObject({ outcome: 'loss', ratingChange: { delta: -32 } });

    // The mate's game restarts: the settled game is not handed over again, the leader's next ticket is.
    const restarted = await ladderPlayer('Mate P');
    const seen: string[] = [];
    restarted.onMatch((m) => seen.push(m.ticketId));
    await sleep(1_000);
    expect(seen).toEqual([]);
    const next = await p1.queue('2v2');
    await vi.waitUntil(() => seen.length > 0, { timeout: 10_000 });
    expect(seen).toEqual([next.ticketId]);
  });

  it('tells members who leave or are removed that they are in no party, without listener errors', async () => {
    const [lead, leaver, removed] = await ladderPlayers('Lead L', 'Leaver', 'Removed');
    const { code } = await lead.party.create();
    await leaver.party.join(code);
    await removed.party.join(code);
    const sizes: Record<string, (number | null)[]> = { lead: [], leaver: [], removed: [] };
    const errors: string[] = [];
    for (const [name, ladder] of Object.entries({ lead, leaver, removed })) {
      ladder.party.onChange(
        (party) => sizes[name]!.push(party ? party.members.length : null),
        (error) => errors.push(`${name}: ${error.code}`),
      );
    }
    await vi.waitUntil(() => Object.values(sizes).every((seen) => seen.at(-1) === 3), { timeout: 10_000 });
    await leaver.party.leave();
    // Seen before the kick, so the two changes cannot arrive as one snapshot.
    await vi.waitUntil(() => sizes.lead!.at(-1) === 2, { timeout: 10_000 });
    await lead.party.kick(removed.uid);
    await vi.waitUntil(
      () => sizes.lead!.at(-1) === 1 && sizes.leaver!.at(-1) === null && sizes.removed!.at(-1) === null,
      { timeout: 10_000 },
    );
    expect(sizes.lead).toEqual([3, 2, 1]);
    expect(errors).toEqual([]);
  });

  it('keeps a queued ticket alive through a cut connection: failed heartbeats are retried', async () => {
    // The Functions emulator starts a function's worker on its first call, which can take longer than the
    // 4 s a 1v1 ticket lives here: warm the heartbeat up first.
    await (await devPlayer('Warm Up')).call('heartbeat');
    const relay = await startRelay(inject('endpoints').functionsHost);
    try {
      const solo = await ladderPlayer('Cut Off', { functions: relay.host });
      // 1v1 tickets live 4 s in the test configuration; the client derives the heartbeat pace from expiries.
      const match = await solo.queue('1v1');
      const errors: LadderError[] = [];
      match.onError((error) => errors.push(error));
      const queued = await reach(match, 'queued');
      const matcher = runMatcher(ctx, { durationMs: 9_000, intervalMs: 300 });
      relay.cut();
      await vi.waitUntil(() => errors.length > 0, { timeout: 5_000, interval: 20 });
      relay.restore();
      await matcher;
      expect(match.status).toMatchObject({ kind: 'queued', ticketId: queued.ticketId });
      const ticket = await ticketOf('1v1', queued.ticketId);
      expect(ticket.status).toBe('queued');
      expect(ticket.expiresAt).toBeGreaterThan(queued.expiresAt + 4_000);

      // Without heartbeats the same matcher expires the ticket, and the subscription says so.
      relay.cut();
      await runMatcher(ctx, { durationMs: 6_000, intervalMs: 300 });
      expect(await reach(match, 'expired')).toMatchObject({ ticketId: queued.ticketId });
    } finally {
      await relay.close();
    }
  });

  it("delivers a match made while the player's connection to Firestore was cut, once it is back", async () => {
    const relay = await startRelay(inject('endpoints').firestoreHost);
    try {
      // The `versions` 1v1's tickets live 60 s: no heartbeat (at 55 % of that) tells of the match first.
      const { match } = await matchFormedWhileCut(relay, 'versions', '1.5');
      await sleep(1_500);
      expect(match.status?.kind).toBe('queued');
      relay.restore();
      await reach(match, 'active');
    } finally {
      await relay.close();
    }
  });

  it('reaches a match made while its connection to Firestore stays cut, through the heartbeat and the match view', async () => {
    const relay = await startRelay(inject('endpoints').firestoreHost);
    try {
      const { match, offline, online } = await matchFormedWhileCut(relay, '1v1');
      // 1v1 tickets live 4 s here, so a heartbeat follows within about 2 s and says the ticket was matched.
      const active = await reach(match, 'active');
      expect(active.room?.memberUids.sort()).toEqual([offline.uid, online.uid].sort());
    } finally {
      await relay.close();
    }
  });

  it("sees its game settled by the opponent's report while its connection to Firestore stays cut", async () => {
    const relay = await startRelay(inject('endpoints').firestoreHost);
    try {
      const offline = await ladderPlayer('Settled Offline', { firestore: relay.host });
      const online = await ladderPlayer('Settled Online');
      const mine = await offline.queue('1v1');
      await reach(mine, 'queued');
      const theirs = await online.queue('1v1');
      await reach(mine, 'active');
      relay.cut();
      // Her own report's answer shows her report; only Firestore, which she cannot reach, would bring the rest.
      await mine.reportOutcome('win');
      await theirs.reportOutcome('loss');
      const settled = await within(
        'the settlement reaching the cut-off player',
        reach(mine, 'settled'),
        () => mine.status,
      );
      expect(settled).toMatchObject({ outcome: 'win', ratingChange: { delta: 16 } });
    } finally {
      await relay.close();
    }
  });

  it("shows a cancel at once from the server's answer while the connection to Firestore is cut", async () => {
    const relay = await startRelay(inject('endpoints').firestoreHost);
    try {
      const player = await ladderPlayer('Cutoff', { firestore: relay.host });
      const first = await player.queue('1v1');
      await reach(first, 'queued');
      relay.cut();
      expect(await first.cancel()).toBe(true);
      expect(first.status).toMatchObject({ kind: 'cancelled', reason: `cancelled by ${player.uid}` });
      expect(first.ended).toBe(true);
      // Queued and cancelled without the Match hearing either from Firestore: the Ladder's cancel tells it.
      const second = await player.queue('1v1');
      expect(await player.cancelQueue()).toBe(true);
      expect(second.status).toMatchObject({ kind: 'cancelled', reason: `cancelled by ${player.uid}` });
    } finally {
      await relay.close();
    }
  });

  it('listens again after a listener error and still reaches the room', async () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    const roomsLocked = rules.replace(
      /match \/rooms\/\{roomId\} \{[^}]*\}/,
      'match /rooms/{roomId} { allow read: if false; }',
    );
    expect(roomsLocked).not.toBe(rules);
    const [ann, bob] = await ladderPlayers('Locked Ann', 'Locked Bob');
    const match = await ann.queue('1v1');
    const errors: LadderError[] = [];
    match.onError((error) => errors.push(error));
    await reach(match, 'queued');
    try {
      // As during a rules deploy: for a moment the room cannot be read, and its listener fails.
      await setRules(roomsLocked);
      await bob.queue('1v1');
      await vi.waitUntil(() => errors.some((e) => e.code === 'permission-denied'), { timeout: 10_000 });
    } finally {
      await setRules(rules);
    }
    await reach(match, 'active');
  });
});
