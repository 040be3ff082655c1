/**
 * What bots did in a simulation, per mode with bots: the rooms they filled, and the waits of the tickets they
 * seated against the wait of the mode's human matches. Pure: no I/O.
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { splitPoolId } from '../functions/src/core/mode/pool.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import { roomTickets, type RoomDoc } from '../functions/src/core/room/room.js';

export interface BotModeFigures {
  mode: string;
  afterSeconds: number;
  /** Rooms seated with bots, the humans and bots in them. */
  rooms: number;
  humans: number;
  bots: number;
  /** Rooms of humans only in the mode. */
  humanRooms: number;
  /** Seconds each bot-seated ticket waited, and each ticket of a human match. */
  botWait: { n: number; p50: number | null; p95: number | null };
  humanWait: { n: number; p50: number | null; p95: number | null };
  /**
   * Per bot-seated ticket, the mode's p50 human wait minus its own wait, averaged; and summed over the players
   * seated (player-seconds). Negative where bots came later than a typical human match would have.
   */
  savedSecondsPerTicket: number | null;
  savedPlayerSeconds: number | null;
}

export interface BotFigures {
  rooms: number;
  humans: number;
  byMode: BotModeFigures[];
}

const spread = (values: number[]) => ({ n: values.length, p50: percentile(values, 50), p95: percentile(values, 95) });
const round = (value: number) => Math.round(value * 10) / 10;

/** The rooms' waits (seconds per ticket, with the ticket's players) at the moment each room was proposed. */
const waits = (rooms: RoomDoc[]) =>
  rooms.flatMap((r) =>
    roomTickets(r).map((t) => ({ wait: r.quality.waitSeconds[t.ticketId] ?? 0, players: t.members.length })),
  );

export function botFigures(rooms: readonly RoomDoc[], config: AppConfig): BotFigures {
  const byMode = Object.entries(config.modes).flatMap(([id, mode]): BotModeFigures[] => {
    if (!mode.bots) return [];
    const mine = rooms.filter((r) => splitPoolId(r.mode).modeId === id);
    const withBots = mine.filter((r) => r.bots.length > 0);
    const humanRooms = mine.filter((r) => r.bots.length === 0);
    const seated = waits(withBots);
    const humanWait = spread(waits(humanRooms).map((w) => w.wait));
    const p50 = humanWait.p50;
    const saved = p50 === null || seated.length === 0 ? null : seated.map((s) => ({ ...s, saved: p50 - s.wait }));
    return [
      {
        mode: id,
        afterSeconds: mode.bots.afterSeconds,
        rooms: withBots.length,
        humans: withBots.reduce((sum, r) => sum + r.memberUids.length, 0),
        bots: withBots.reduce((sum, r) => sum + r.bots.length, 0),
        humanRooms: humanRooms.length,
        botWait: spread(seated.map((s) => s.wait)),
        humanWait,
        savedSecondsPerTicket: saved && round(saved.reduce((sum, s) => sum + s.saved, 0) / saved.length),
        savedPlayerSeconds: saved && round(saved.reduce((sum, s) => sum + s.saved * s.players, 0)),
      },
    ];
  });
  return {
    rooms: byMode.reduce((sum, m) => sum + m.rooms, 0),
    humans: byMode.reduce((sum, m) => sum + m.humans, 0),
    byMode,
  };
}
