/**
 * The latency and cost table of docs/client-sdk.md, rendered from bench/transports.json (what
 * `npm run bench:transports` writes); test/core/bundle.test.ts holds the document to it.
 */

interface Summary {
  p50: number | null;
  p95: number | null;
  n: number;
}

export interface TransportResult {
  transport: string;
  pairs: number;
  pending: { all: Summary; waiting: Summary; matching: Summary };
  perMatchedPlayer: {
    listenerReads: number | null;
    reads: number | null;
    writes: number | null;
    functionSeconds: number | null;
    following: { reads: number | null; functionSeconds: number | null; invocations: number | null };
  };
}

export interface TransportReport {
  baselineP95Ms: number | null;
  ratios: Record<string, number | null>;
  results: TransportResult[];
}

const pair = (s: Summary) => `${s.p50} / ${s.p95}`;

/** Markdown rows, header first. */
export function transportTable(report: TransportReport): string[][] {
  const header = [
    'transport',
    'games',
    '`pending` p50 / p95 ms, all players',
    'the waiting player',
    'the player whose enqueue matched',
    'p95 ÷ `firestore`',
    'reads (of which client listeners)',
    'writes',
    'function-seconds',
    'following only: reads / function-seconds / calls',
  ];
  const rows = report.results.map((r) => {
    const per = r.perMatchedPlayer;
    const ratio = report.ratios[r.transport];
    return [
      `\`${r.transport}\``,
      String(r.pairs),
      pair(r.pending.all),
      pair(r.pending.waiting),
      pair(r.pending.matching),
      ratio === null || ratio === undefined ? '—' : `${ratio.toFixed(1)}×`,
      `${per.reads} (${per.listenerReads})`,
      String(per.writes),
      String(per.functionSeconds),
      `${per.following.reads} / ${per.following.functionSeconds} / ${per.following.invocations}`,
    ];
  });
  return [header, ...rows];
}

export const markdown = (rows: string[][]) => rows.map((row) => `| ${row.join(' | ')} |`).join('\n');
