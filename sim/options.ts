/**
 * What a simulation run does, from command-line flags (`--bots 500`) or the environment (`SIM_BOTS=500`); flags
 * win. Imports nothing from the functions, so `sim/run.ts` can read it before the emulator environment is set.
 */
import { DEFAULT_TRUE_SKILL, type TrueSkillOptions } from '../tools/trueSkill.js';
export interface Faults {
  /** A captain cancels the ticket at a random moment while waiting. */
  cancel: number;
  /** A captain stops heartbeating right after queueing (a dead client): the ticket expires, the room is ignored. */
  vanish: number;
  /** A call is sent twice: enqueue concurrently, accept, cancel and report one after the other. */
  duplicate: number;
  /** A player declines the ready check. */
  decline: number;
  /** A player lets the ready check run out. */
  ignoreReadyCheck: number;
  /** A player never reports the result. */
  noReport: number;
  /** A player reports a result that contradicts the game. */
  conflict: number;
  /** The game server (custom claim) reports the room's result authoritatively. */
  gameServer: number;
  /** Between games, a party member leaves and rejoins. */
  partyChurn: number;
  /** A player leaves a started game (`forfeit`) instead of playing it out. */
  leave: number;
}

export interface SimOptions {
  bots: number;
  /** How long bots keep starting games; queued bots then cancel and rooms in play finish. */
  durationSeconds: number;
  seed: number;
  /** Relative weight of each mode; modes left out are not played. Empty: every configured mode alike. */
  modes: Record<string, number>;
  /** Share of bots that play in parties of two to four. */
  partyShare: number;
  /** Mean pause between a bot's games (exponential). */
  thinkSeconds: number;
  /** A game lasts uniformly between these. */
  playSeconds: [number, number];
  /** A captain cancels after waiting this long unmatched. */
  patienceSeconds: number;
  /**
   * Callable requests in flight at once, for the whole process: it keeps bursts (500 sign-ins at once) from
   * making the Functions emulator start a worker process per request. Bots' think time, not this, sets the load.
   */
  concurrency: number;
  /** Pause between matcher sweeps; default: the configuration's sweepIntervalSeconds. */
  sweepIntervalSeconds: number | null;
  /** Seconds between scheduled matcher runs (Cloud Scheduler); default: the run length, i.e. back to back. */
  tickSeconds: number | null;
  /** Seeded waiting tickets (background load) that can never be matched, to grow the pool the matcher mirrors. */
  background: number;
  /**
   * Matcher runs side by side. 1: in this process, as `npm start` runs it. More: each a process of its own
   * (scripts/matcher.ts), as several scheduled functions would be, sharing the pools through their leases.
   */
  matchers: number;
  faults: Faults;
  /** The bots' hidden true skills (normal, mean and deviation) and the noise of one game's performance. */
  trueSkill: TrueSkillOptions;
  /** Rate every ladder by OpenSkill instead of as configured (a copy of the configuration is written). */
  rating: 'config' | 'openskill';
  /** An operator acts while the bots play: bans, a pause, voids, an adjustment, an unban (sim/operator.ts). */
  operator: boolean;
  /** Share of queueings that also wait in a second mode (`alsoModes`), drawn from the same weights. */
  severalModes: number;
}

export const DEFAULT_FAULTS: Faults = {
  cancel: 0.08,
  vanish: 0.04,
  duplicate: 0.08,
  decline: 0.04,
  ignoreReadyCheck: 0.03,
  noReport: 0.15,
  conflict: 0.05,
  gameServer: 0.1,
  partyChurn: 0.05,
  leave: 0.03,
};

export function defaultOptions(bots = 500): SimOptions {
  return {
    bots,
    durationSeconds: 180,
    seed: 1,
    modes: {},
    partyShare: 0.3,
    // A bot makes about five calls a game; this keeps the whole population near 20 calls a second, which the
    // emulators on a 2-core machine serve without queueing.
    thinkSeconds: Math.max(3, bots / 5),
    playSeconds: [2, 8],
    patienceSeconds: 30,
    concurrency: 16,
    sweepIntervalSeconds: null,
    tickSeconds: null,
    background: 0,
    matchers: 1,
    faults: { ...DEFAULT_FAULTS },
    trueSkill: { ...DEFAULT_TRUE_SKILL },
    rating: 'config',
    operator: false,
    severalModes: 0,
  };
}

type NumericOption = { [K in keyof SimOptions]: SimOptions[K] extends number | null ? K : never }[keyof SimOptions];

interface Flag {
  help: string;
  apply: (options: SimOptions, value: string, flag: string) => void;
  /** A switch: `--operator` alone means on (`--operator=off`, or SIM_OPERATOR=off, turns it off). */
  switch?: true;
}

/** A flag that sets one numeric option, within [min, max], rounded when it counts something. */
function numeric(help: string, option: NumericOption, min: number, { max = Infinity, integer = false } = {}): Flag {
  return {
    help,
    apply: (options, value, flag) => {
      const n = number(value, flag, min, max);
      options[option] = integer ? Math.round(n) : n;
    },
  };
}

const FLAGS: Record<string, Flag> = {
  bots: numeric('number of bot players', 'bots', 2, { integer: true }),
  duration: numeric('seconds bots keep starting games', 'durationSeconds', 1),
  seed: numeric("seed of the bots' decisions", 'seed', 0, { integer: true }),
  modes: {
    help: 'mode weights, e.g. 1v1=3,2v2=2,ffa=1',
    apply: (options, value, flag) => (options.modes = pairs(value, flag)),
  },
  'party-share': numeric('share of bots in parties (0..1)', 'partyShare', 0, { max: 1 }),
  'several-modes': numeric('share of queueings that also wait in a second mode (0..1)', 'severalModes', 0, { max: 1 }),
  think: numeric("mean seconds between a bot's games", 'thinkSeconds', 0),
  play: {
    help: 'game length range in seconds, e.g. 2-8',
    apply: (options, value, flag) => {
      const [low, high] = value.split('-').map((v) => number(v, flag, 0));
      if (low === undefined || high === undefined || high < low)
        throw new Error(`--play must be a range like 2-8, got "${value}"`);
      options.playSeconds = [low, high];
    },
  },
  patience: numeric('seconds a captain waits before cancelling', 'patienceSeconds', 1),
  concurrency: numeric('callable requests in flight at once', 'concurrency', 1, { integer: true }),
  'sweep-interval': numeric('seconds between matcher sweeps', 'sweepIntervalSeconds', 0.2),
  tick: numeric('seconds between scheduled matcher runs', 'tickSeconds', 1),
  background: numeric('seeded unmatchable waiting tickets', 'background', 0, { integer: true }),
  matchers: numeric('matcher runs side by side (more than 1: each its own process)', 'matchers', 1, {
    max: 16,
    integer: true,
  }),
  'true-skill': {
    help: "bots' true skills and a game's noise, e.g. mean=1500,deviation=200,noise=200",
    apply: (options, value, flag) => {
      for (const [name, number] of Object.entries(pairs(value, flag))) {
        if (!(name in DEFAULT_TRUE_SKILL))
          throw new Error(`--true-skill: unknown part "${name}" (${Object.keys(DEFAULT_TRUE_SKILL).join(', ')})`);
        options.trueSkill[name as keyof TrueSkillOptions] = number;
      }
    },
  },
  rating: {
    help: 'config (the ladders as configured) or openskill (every ladder rated by OpenSkill)',
    apply: (options, value, flag) => {
      if (value !== 'config' && value !== 'openskill') throw new Error(`--${flag} must be config or openskill`);
      options.rating = value;
    },
  },
  operator: {
    help: 'an operator bans, pauses, voids, adjusts and unbans while bots play (on|off; alone: on)',
    switch: true,
    apply: (options, value, flag) => {
      if (value !== 'on' && value !== 'off') throw new Error(`--${flag} must be on or off`);
      options.operator = value === 'on';
    },
  },
  faults: {
    help: 'fault rates, e.g. cancel=0.1,vanish=0,conflict=0.2 (or "none")',
    apply: (options, value, flag) => {
      if (value === 'none') {
        options.faults = Object.fromEntries(Object.keys(DEFAULT_FAULTS).map((k) => [k, 0])) as unknown as Faults;
        return;
      }
      for (const [name, rate] of Object.entries(pairs(value, flag))) {
        if (!(name in DEFAULT_FAULTS))
          throw new Error(`--faults: unknown fault "${name}" (${Object.keys(DEFAULT_FAULTS).join(', ')})`);
        if (rate > 1) throw new Error(`--faults: ${name} is a probability, got ${rate}`);
        options.faults[name as keyof Faults] = rate;
      }
    },
  },
};

export function usage(): string {
  const lines = Object.entries(FLAGS).map(
    ([flag, { help }]) => `  --${flag.padEnd(15)} ${help}  (env SIM_${flag.toUpperCase().replace(/-/g, '_')})`,
  );
  return `Options:\n${lines.join('\n')}\nFault names: ${Object.keys(DEFAULT_FAULTS).join(', ')}`;
}

function pairs(text: string, what: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [key, value] = part.split('=');
    const number = Number(value);
    if (!key || value === undefined || !Number.isFinite(number) || number < 0)
      throw new Error(`--${what}: "${part}" is not name=number`);
    out[key.trim()] = number;
  }
  return out;
}

function number(text: string, flag: string, min: number, max = Infinity): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`--${flag} must be a number in [${min}, ${max}], got "${text}"`);
  return value;
}

/** Options from `argv` (flags after the script) over `env` (SIM_*) over the defaults. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = {}): SimOptions {
  const given = new Map<string, string>();
  for (const flag of Object.keys(FLAGS)) {
    const value = env[`SIM_${flag.toUpperCase().replace(/-/g, '_')}`];
    if (value !== undefined) given.set(flag, value);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match || !(match[1]! in FLAGS)) throw new Error(`Unknown argument "${arg}".\n${usage()}`);
    const value = match[2] ?? (FLAGS[match[1]!]!.switch ? 'on' : argv[++i]);
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    given.set(match[1]!, value);
  }
  const options = defaultOptions(given.has('bots') ? number(given.get('bots')!, 'bots', 2) : undefined);
  for (const [flag, value] of given) FLAGS[flag]!.apply(options, value, flag);
  return options;
}
