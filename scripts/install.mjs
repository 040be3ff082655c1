// `npm start` and `npm test` run this first (prestart, pretest): when node_modules is missing or does not hold what
// package-lock.json says, it installs exactly that with `npm ci`. Plain Node, no dependencies: it runs before any
// are installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packagesOf = (path) => JSON.parse(readFileSync(path, 'utf8')).packages ?? {};

/** Why node_modules does not match the lockfile, or null when it does. npm keeps what it installed in .package-lock.json. */
function staleness() {
  const installed = join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) return 'node_modules is missing';
  const wanted = packagesOf(join(root, 'package-lock.json'));
  const have = packagesOf(installed);
  for (const [path, entry] of Object.entries(wanted)) {
    if (path === '') continue;
    // Optional packages for other platforms (another OS's biome binary, say) are never installed here.
    if (!(path in have)) {
      if (entry.optional) continue;
      return `${path} is not installed`;
    }
    if (have[path].version !== entry.version)
      return `${path} is ${have[path].version}, the lockfile says ${entry.version}`;
  }
  const extra = Object.keys(have).find((path) => !(path in wanted));
  return extra ? `${extra} is installed but not in the lockfile` : null;
}

const reason = staleness();
if (reason) {
  console.log(`[install] ${reason}: installing what package-lock.json says (npm ci)`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
