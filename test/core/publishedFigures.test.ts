import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type TransportReport, transportTable } from '../../bench/transportTable.js';
import { bundleFigures, miniGameBundle, sizeTable } from '../../scripts/bundleSize.js';

const doc = readFileSync('docs/client-sdk.md', 'utf8');

/** The cells of the document's table row whose first cell is `first`. */
function docRow(first: string): string[] {
  const line = doc.split('\n').find((l) => l.startsWith('|') && l.split('|')[1]?.trim() === first);
  if (!line) throw new Error(`docs/client-sdk.md has no table row for ${first}`);
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

const numbers = (cells: string[]) => cells.flatMap((cell) => (cell.match(/\d+(\.\d+)?/g) ?? []).map(Number));

/** Every figure of every row the script renders is in the document's row of the same name, within 5 %. */
function expectPublished(rows: string[][]) {
  for (const row of rows.slice(1)) {
    const published = numbers(docRow(row[0]!).slice(1));
    const measured = numbers(row.slice(1));
    expect(published, `the row ${row[0]}`).toHaveLength(measured.length);
    measured.forEach((value, i) => {
      const off = Math.abs(published[i]! - value);
      expect(off, `${row[0]}: published ${published[i]}, measured ${value}`).toBeLessThanOrEqual(
        Math.abs(value) * 0.05 + 1e-9,
      );
    });
  }
}

describe('the figures docs/client-sdk.md publishes', () => {
  it('bundle sizes: within 5 % of what `npx tsx scripts/bundleSize.ts` measures now', async () => {
    const { code: _, ...miniGame } = await miniGameBundle();
    const table = sizeTable(
      await bundleFigures('client/src/index.ts'),
      await bundleFigures('client/src/http.ts'),
      miniGame,
    );
    expectPublished(table);
  });

  it('latency and cost per transport: those of bench/transports.json, which `npm run bench:transports` writes', () => {
    const report = JSON.parse(readFileSync('bench/transports.json', 'utf8')) as TransportReport;
    expectPublished(transportTable(report));
  });
});
