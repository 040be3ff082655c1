import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The README's game loop is the example file verbatim, which `npm run typecheck` checks and
// test/integration/client.test.ts plays against the emulators.
it('shows the client game loop exactly as client/examples/rankedGame.ts, in under 30 lines', () => {
  const readme = readFileSync('README.md', 'utf8');
  const example = readFileSync('client/examples/rankedGame.ts', 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  expect(example.trimEnd().split('\n').length).toBeLessThan(30);
});
