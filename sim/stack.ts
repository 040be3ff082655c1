/**
 * The stack a simulation command runs against: the harness's emulators, started with the simulation's
 * configuration and LADDER_METRICS=on (or reused when `npm start` runs one with the same configuration), then
 * emptied so the invariant checker judges this run alone. Sets the environment the functions' modules need,
 * so import those only after `simulationStack()` returned.
 */
import { fileURLToPath } from 'node:url';
import { clearEmulators } from '../scripts/clear.js';
import { emulatorEnv, startStack, type Stack } from '../scripts/emulators.js';

export const SIM_CONFIG = fileURLToPath(new URL('./ladder.config.json', import.meta.url));

export async function simulationStack(log: (line: string) => void): Promise<Stack> {
  process.env.LADDER_CONFIG ??= SIM_CONFIG;
  process.env.LADDER_METRICS = 'on';
  // There is no metadata server to ask for credentials here (the emulators need none); don't probe for one.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const stack = await startStack({ output: 'files', reuse: true });
  Object.assign(process.env, emulatorEnv(stack));
  if (!stack.owned) log('Reusing the running stack (same configuration); its data is cleared first.');
  await clearEmulators(stack);
  return stack;
}
