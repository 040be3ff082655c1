/**
 * A ladder client with no Firebase SDK and no dependency: `fetch` and JSON only, as docs/protocol.md describes.
 * It signs in, queues, sends heartbeats, follows the match by long-polls (or the stream), passes the ready check,
 * reports its result and returns the rating change. Port it to any engine that can make HTTPS requests.
 */

export interface Endpoints {
  /** `https://<region>-<projectId>.cloudfunctions.net`, or the emulator's `http://host:port/<projectId>/<region>`. */
  functions: string;
  /** `https://identitytoolkit.googleapis.com`, or the Auth emulator's `http://host:port`. */
  identity: string;
  apiKey: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a dependency-free client reads untyped JSON.
type Json = Record<string, any>;

export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

export class HttpPlayer {
  uid = '';
  private idToken = '';
  private version = 0;
  view: Json | null = null;
  /** The ticket being played: followed by name, since a finished game clears the state's pointer to it. */
  following: { mode: string; id: string } | null = null;

  constructor(private readonly endpoints: Endpoints) {}

  /** Calls a callable: `{ data }` out, `{ result }` or `{ error: { status, message } }` back. */
  async call(name: string, data: Json = {}): Promise<Json> {
    const auth: Record<string, string> = this.idToken ? { Authorization: `Bearer ${this.idToken}` } : {};
    const { status, body } = await postJson(`${this.endpoints.functions}/ladder-${name}`, { data }, auth);
    if (status !== 200) {
      const code = String(body.error?.status ?? 'UNKNOWN')
        .toLowerCase()
        .replace(/_/g, '-');
      throw new CallError(code, body.error?.message ?? `HTTP ${status}`);
    }
    return body.result;
  }

  /** A platform login (`{ provider: 'dev', name }` on the emulators) through `login`, then Auth's REST API. */
  async signIn(login: Json) {
    const { token, uid } = await this.call('login', login);
    const url = `${this.endpoints.identity}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=${this.endpoints.apiKey}`;
    const { status, body } = await postJson(url, { token, returnSecureToken: true });
    if (status !== 200) throw new CallError('unauthenticated', body.error?.message ?? `HTTP ${status}`);
    this.idToken = body.idToken;
    this.uid = uid;
  }

  /** The next view newer than the last one seen (or the same one after `waitMs`). */
  async poll(waitMs = 20_000): Promise<Json> {
    const view = await this.call('getMatchState', { sinceVersion: this.version, waitMs, ...this.ticket() });
    return this.learn(view);
  }

  /** Reads `watchMatch`'s server-sent events until `until` is true of a view or the stream ends. */
  async stream(until: (view: Json) => boolean, limitSeconds = 20): Promise<Json | null> {
    const response = await fetch(`${this.endpoints.functions}/ladder-watchMatch`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        Authorization: `Bearer ${this.idToken}`,
      },
      body: JSON.stringify({ data: { sinceVersion: this.version, limitSeconds, ...this.ticket() } }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const line = buffer
          .slice(0, end)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        const event = line ? (JSON.parse(line.slice(6)) as Json) : {};
        if (event.error) throw new CallError(String(event.error.status).toLowerCase(), event.error.message);
        if (event.result) return null; // the time limit: reconnect from this.version
        if (event.message && until(this.learn(event.message))) {
          await reader.cancel();
          return this.view;
        }
      }
    }
  }

  private ticket(): Json {
    return this.following ? { ticket: this.following } : {};
  }

  private learn(view: Json): Json {
    if (view.version >= this.version) {
      this.version = view.version;
      this.view = view;
    }
    return this.view!;
  }
}

/** The match's phase from a view: the room's status once matched, else the ticket's. */
export function phaseOf(view: Json | null): string {
  if (!view?.ticket) return 'none';
  if (view.room && view.ticket.roomId === view.room.id) return view.room.status;
  return view.ticket.status;
}

/** Follows the view until its phase is one of `phases`, by stream or by long-poll, for two minutes at most. */
async function waitFor(player: HttpPlayer, phases: string[], how: 'poll' | 'stream'): Promise<Json> {
  const wanted = (view: Json) => phases.includes(phaseOf(view));
  const giveUpAt = Date.now() + 120_000;
  while (!player.view || !wanted(player.view)) {
    if (Date.now() > giveUpAt) throw new CallError('deadline-exceeded', `still ${phaseOf(player.view)}`);
    if (how === 'stream') await player.stream(wanted);
    else await player.poll();
  }
  return player.view;
}

/**
 * One ranked game: queue, heartbeat while queued, accept the ready check, play, report, and the rating change.
 * `play` runs the game and says whether this player's side won.
 */
export async function playRankedGame(
  player: HttpPlayer,
  mode: string,
  play: (room: Json) => Promise<'win' | 'loss'>,
  how: 'poll' | 'stream' = 'poll',
) {
  const { ticketId, pool } = await player.call('enqueue', { mode });
  player.following = { mode: pool, id: ticketId };
  // Heartbeats keep the ticket alive while it waits: one at a time, a second apart (the emulators' modes live a
  // few seconds); a slow answer delays the next beat rather than piling requests up.
  let beating = true;
  void (async () => {
    while (beating) {
      await player.call('heartbeat').catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  try {
    let view = await waitFor(player, ['pending', 'active', 'cancelled', 'expired', 'voided'], how);
    if (phaseOf(view) === 'pending') {
      await player.call('seeReadyCheck', { roomId: view.room.id });
      await player.call('acceptMatch', { roomId: view.room.id });
      view = await waitFor(player, ['active', 'cancelled', 'voided'], how);
    }
    if (phaseOf(view) !== 'active') return { ticketId, phase: phaseOf(view), ratingChange: null };
    beating = false;
    const room = view.room;
    const mySide = room.sides.findIndex((side: Json) =>
      side.tickets.some((t: Json) => t.members.some((m: Json) => m.uid === player.uid)),
    );
    const won = (await play(room)) === 'win';
    await player.call('reportResult', { roomId: room.id, outcome: won === (mySide === 0) ? 'A' : 'B' });
    view = await waitFor(player, ['settled', 'voided'], how);
    return { ticketId, phase: phaseOf(view), ratingChange: view.room.ratingChanges?.[player.uid] ?? null };
  } finally {
    beating = false;
  }
}
