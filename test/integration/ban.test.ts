import { describe, expect, it } from 'vitest';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { devPlayer } from '../support/client.js';
import { enqueue, expectInvariants, roomOf, ticketOf } from '../support/game.js';
import { auditRows, operator, stateOf } from '../support/operator.js';
import { party, players } from '../support/players.js';

const reason = 'aimbot, ticket #42';
const UNTIL = /banned until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(aimbot, ticket #42\)/;

describe('banning a player', () => {
  it('is for operators only: a player is refused and nothing changes', async () => {
    const [eve, bob] = await players('Ban Eve', 'Ban Bob');
    const before = await documentPaths();
    await expectRefusal(
      eve.call('banPlayer', { uid: bob.uid, reason, hours: 24 }),
      'permission-denied',
      /^Operators only/,
    );
    await expectRefusal(eve.call('unbanPlayer', { uid: bob.uid, reason }), 'permission-denied', /^Operators only/);
    // Not even a malformed request tells a non-operator what the call wants.
    await expectRefusal(eve.callUnchecked('banPlayer', {}), 'permission-denied', /^Operators only/);
    expect(await documentPaths()).toEqual(before);
    expect((await stateOf(bob.uid)).ban).toBeNull();
  });

  it('answers bad input naming the field and changes nothing', async () => {
    const op = await operator();
    const bob = await devPlayer('Bad Input Bob');
    const before = await documentPaths();
    const state = await stateOf(bob.uid);
    await expectRefusal(
      op.call('banPlayer', { uid: 'nobody', reason, hours: 1 }),
      'not-found',
      /^uid: there is no player "nobody"/,
    );
    await expectRefusal(
      op.call('banPlayer', { uid: bob.uid, reason: 'x'.repeat(501), hours: 1 }),
      'invalid-argument',
      /reason: must be at most 500 characters/,
    );
    await expectRefusal(
      op.call('banPlayer', { uid: bob.uid, reason: '  ', hours: 1 }),
      'invalid-argument',
      /reason: must say why/,
    );
    await expectRefusal(
      op.call('banPlayer', { uid: bob.uid, reason, hours: -3 }),
      'invalid-argument',
      /hours: must be at least 1 hour \(null: a ban with no expiry\)/,
    );
    await expectRefusal(
      op.call('banPlayer', { uid: bob.uid, reason, hours: 0 }),
      'invalid-argument',
      /hours: must be at least 1 hour/,
    );
    await expectRefusal(
      op.callUnchecked('banPlayer', { uid: bob.uid, reason }),
      'invalid-argument',
      /hours: required: a whole number of hours from 1, or null for a ban with no expiry/,
    );
    await expectRefusal(
      op.call('banPlayer', { uid: bob.uid, reason, hours: 1.5 }),
      'invalid-argument',
      /hours: must be a whole number/,
    );
    await expectRefusal(
      op.call('unbanPlayer', { uid: bob.uid, reason }),
      'failed-precondition',
      /^uid: player "dev:bad input bob" is not banned/,
    );
    expect(await documentPaths()).toEqual(before);
    expect(await stateOf(bob.uid)).toEqual(state);
  });

  it('cancels their waiting ticket, refuses them sign-in, the queue and parties naming the expiry, and audits it', async () => {
    const op = await operator();
    const [bob, ann] = await players('Queued Bob', 'Party Ann');
    const { ticketId } = await enqueue(bob, 'duel');
    const answer = await op.call('banPlayer', { uid: bob.uid, reason, hours: 48 });
    expect(answer.removal).toEqual({ kind: 'ticketCancelled', ticketId });
    expect(answer.ban.until! - answer.ban.at).toBe(48 * 3_600_000);
    expect(await ticketOf('duel', ticketId)).toMatchObject({ status: 'cancelled', endReason: `${bob.uid} was banned` });
    // The player sees their ban on their own state.
    expect((await stateOf(bob.uid)).ban).toEqual(answer.ban);
    await expectRefusal(
      enqueue(bob, 'duel'),
      'permission-denied',
      new RegExp(`^You are ${UNTIL.source}: cannot queue`),
    );
    const { party: annParty } = await ann.call('createParty');
    await expectRefusal(bob.call('joinParty', { code: annParty.code }), 'permission-denied', /cannot join a party/);
    await expectRefusal(bob.call('createParty'), 'permission-denied', /cannot create a party/);
    await expectRefusal(
      bob.call('login', { provider: 'dev', name: 'Queued Bob' }),
      'permission-denied',
      /cannot sign in/,
    );
    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: 'banPlayer',
      actor: op.uid,
      target: bob.uid,
      reason,
      before: { ban: null },
      after: { ban: answer.ban, removal: answer.removal },
    });
    // Lifted, the player plays again; the lift is audited with the ban it ended.
    const lifted = await op.call('unbanPlayer', { uid: bob.uid, reason: 'appeal upheld' });
    expect((await auditRows())[1]).toMatchObject({
      id: lifted.auditId,
      action: 'unbanPlayer',
      before: { ban: answer.ban },
      after: { ban: null },
    });
    expect((await enqueue(bob, 'duel')).ticketId).toBeTruthy();
    await expectInvariants();
  });

  it("keeps a banned member's party out of the queue, naming them", async () => {
    const op = await operator();
    const [lead, mate] = await players('Clean Lead', 'Banned Mate');
    await party(lead, mate);
    await op.call('banPlayer', { uid: mate.uid, reason, hours: null });
    await expectRefusal(
      enqueue(lead, '2v2'),
      'permission-denied',
      /^Party member Banned Mate is banned with no expiry \(aimbot, ticket #42\): cannot queue/,
    );
  });

  it('forfeits a started game for them (their opponent wins) and refuses their report', async () => {
    const op = await operator();
    const [bob, ann] = await players('Playing Bob', 'Playing Ann');
    await enqueue(bob, '1v1');
    const { room } = await enqueue(ann, '1v1');
    expect(room?.status).toBe('active');
    const { removal } = await op.call('banPlayer', { uid: bob.uid, reason, hours: 1 });
    expect(removal).toEqual({ kind: 'forfeited', roomId: room!.id, roomStatus: 'settled' });
    const settled = await roomOf(room!.id);
    expect(settled.status).toBe('settled');
    expect(settled.ratingChanges![ann.uid]!.delta).toBeGreaterThan(0);
    expect(settled.ratingChanges![bob.uid]!.delta).toBeLessThan(0);
    // The ban reaches the player's token at its next refresh (the SDK refreshes hourly); from then on their
    // reports are refused from the token alone.
    await bob.auth.currentUser!.getIdToken(true);
    await expectRefusal(
      bob.call('reportResult', { roomId: room!.id, outcome: 'A' }),
      'permission-denied',
      /cannot report a result/,
    );
    await expectInvariants();
  });

  it('calls off a room still in its ready check: who accepted goes back to the pool unpunished', async () => {
    const op = await operator();
    const clients = await players('Check 1', 'Check 2', 'Check 3', 'Check 4');
    let roomId = '';
    for (const c of clients) roomId = (await enqueue(c, '2v2')).room?.id ?? roomId;
    const [banned, ...others] = clients;
    for (const c of others) await c.call('acceptMatch', { roomId });
    const { removal } = await op.call('banPlayer', { uid: banned!.uid, reason, hours: 2 });
    expect(removal).toEqual({ kind: 'roomCalledOff', roomId });
    expect((await roomOf(roomId)).status).toBe('cancelled');
    for (const c of others) {
      const state = await stateOf(c.uid);
      expect(state.cooldownUntil).toBeNull();
      expect((await ticketOf('2v2', state.ticketId)).status).toBe('queued');
    }
    await expectInvariants();
  });

  it('replaces a ban in force only when told to: without replace it is refused naming that ban, and nothing changes', async () => {
    const op = await operator();
    const bob = await devPlayer('Twice Bob');
    const first = await op.call('banPlayer', { uid: bob.uid, reason, hours: null });
    expect(first.replaced).toBeNull();
    const before = await documentPaths();
    const state = await stateOf(bob.uid);
    // The second ban would shorten one with no expiry to hours: refused, naming the ban in force.
    await expectRefusal(
      op.call('banPlayer', { uid: bob.uid, reason: 'second thoughts', hours: 2 }),
      'failed-precondition',
      /^replace: player "dev:twice bob" is already banned with no expiry \(aimbot, ticket #42; by .+\); send replace: true to replace that ban\./,
    );
    expect(await documentPaths()).toEqual(before);
    expect(await stateOf(bob.uid)).toEqual(state);
    const second = await op.call('banPlayer', { uid: bob.uid, reason: 'second thoughts', hours: 2, replace: true });
    expect(second.replaced).toEqual(first.ban);
    expect((await stateOf(bob.uid)).ban).toEqual(second.ban);
    const rows = (await auditRows()).filter((r) => r.action === 'banPlayer' && r.target === bob.uid);
    expect(rows.map((r) => r.before.ban)).toEqual(expect.arrayContaining([null, first.ban]));
  });

  it('ends by itself at its expiry, judged when read', async () => {
    const op = await operator();
    const bob = await devPlayer('Expiring Bob');
    await op.call('banPlayer', { uid: bob.uid, reason, hours: 1 });
    await expectRefusal(enqueue(bob, 'duel'), 'permission-denied', /cannot queue/);
    // An hour later, as the clock would have it: the stored ban is past its expiry.
    const ban = (await stateOf(bob.uid)).ban;
    await db.doc(`playerStates/${bob.uid}`).update({ ban: { ...ban, until: Date.now() - 1 } });
    expect((await enqueue(bob, 'duel')).ticketId).toBeTruthy();
    await expectRefusal(op.call('unbanPlayer', { uid: bob.uid, reason }), 'failed-precondition', /is not banned/);
  });
});
