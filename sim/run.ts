/**
 * `npm run simulate [-- --bots 500 --duration 180 …]`: bots play against the emulators with the scheduled matcher
 * running, the whole database is checked, and the report is written to sim/report.{json,html,png}. Exits 1 when
 * an invariant is broken (the documents are named), 2 on bad options.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, usage, type SimOptions } from './options.js';
import { SIM_CONFIG, simulationStack } from './stack.js';

const SIM_DIR = fileURLToPath(new URL('.', import.meta.url));

function options(): SimOptions | null {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`npm run simulate -- [options]\n${usage()}`);
    return null;
  }
  try {
    return parseOptions(args, process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

/** A copy of the configuration with every ladder rated by OpenSkill (the library's defaults); its path. */
function openSkillCopy(path: string): string {
  const config = JSON.parse(readFileSync(path, 'utf8'));
  for (const ladder of Object.values<Record<string, unknown>>(config.ladders)) ladder.rating = { system: 'openskill' };
  const copy = join(mkdtempSync(join(tmpdir(), 'sim-openskill-')), 'ladder.config.json');
  writeFileSync(copy, JSON.stringify(config));
  return copy;
}

async function main(): Promise<number> {
  const chosen = options();
  if (!chosen) return 0;
  const started = Date.now();
  console.log(
    `Simulation: ${chosen.bots} bots for ${chosen.durationSeconds} s (seed ${chosen.seed}). Starting the emulators…`,
  );
  if (chosen.rating === 'openskill') process.env.LADDER_CONFIG = openSkillCopy(process.env.LADDER_CONFIG ?? SIM_CONFIG);
  const stack = await simulationStack(console.log);
  const stackSeconds = (Date.now() - started) / 1000;
  try {
    // The functions' modules read the emulator environment and LADDER_CONFIG when loaded: import them now.
    const config = (await import('../scripts/ladderContext.js')).envConfig();
    const { runSimulation } = await import('./simulation.js');
    const { analyse } = await import('./analysis.js');
    const { writeReports } = await import('./report.js');
    const { summary } = await import('./summary.js');
    const { screenshot } = await import('./png.js');
    const { describeViolations } = await import('./invariants.js');

    const result = await runSimulation({ options: chosen, endpoints: stack, log: console.log });
    const figures = analyse(result, config);
    const { json, html } = writeReports(SIM_DIR, figures, result);
    const png = html.replace(/\.html$/, '.png');
    await screenshot(html, png);
    console.log(`\n${summary(figures, result, (Date.now() - started) / 1000, stackSeconds)}`);
    console.log(`Reports: ${json}\n         ${html}\n         ${png}`);
    if (result.violations.length) {
      console.error(`\n${result.violations.length} invariant violations:\n${describeViolations(result.violations)}`);
      return 1;
    }
    return 0;
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
