import { afterEach, describe, expect, it } from 'vitest';
import { HarnessError, startStack } from '../../scripts/emulators.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the emulator harness', () => {
  it('stops with the install command when Java is missing, starting nothing', async () => {
    delete process.env.FIRESTORE_EMULATOR_HOST;
    process.env.JAVA = '/nonexistent/java';
    const error = await startStack({ output: 'files' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as Error).message).toMatch(/Java is not installed.*apt-get install openjdk-17-jre-headless/);
  });

  it('refuses a FIRESTORE_EMULATOR_HOST where no emulator answers, rather than starting another', async () => {
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:9';
    const error = await startStack({ output: 'files' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as Error).message).toMatch(/no Firestore emulator answers there/);
  });
});
