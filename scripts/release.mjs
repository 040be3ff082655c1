/**
 * A release of both packages at one version: sets the version in functions/ and client/ (when given), packs
 * both, runs the release tests on exactly those tarballs, then publishes them, or with `--dry-run` (the default
 * unless `--publish`) shows what npm would publish. `--pack-only` stops after packing (`npm run pack:release`,
 * which docs/quickstart.md uses for an unpublished build). The tarballs are left in release/.
 *
 *   npm run release -- [version] [--publish] [--no-test] [--pack-only]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const publish = args.includes('--publish');
const test = !args.includes('--no-test');
const packOnly = args.includes('--pack-only');
const [version] = args.filter((arg) => !arg.startsWith('--'));
const root = resolve(import.meta.dirname, '..');
const workspaces = ['functions', 'client'];
const npm = (argv, env = {}) =>
  execFileSync('npm', argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

if (version) npm(['version', version, '--no-git-tag-version', ...workspaces.flatMap((w) => ['--workspace', w])]);
const versions = workspaces.map((w) => JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8')).version);
if (new Set(versions).size !== 1) throw new Error(`functions and client differ in version: ${versions.join(' vs ')}`);

const out = join(root, 'release');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
npm(['pack', ...workspaces.flatMap((w) => ['--workspace', w]), '--pack-destination', out]);
const tarballs = readdirSync(out).filter((file) => file.endsWith('.tgz'));
if (tarballs.length !== 2) throw new Error(`expected two tarballs in ${out}, found ${tarballs.join(', ')}`);

if (packOnly) {
  console.log(`packed ${tarballs.join(' and ')} in ${out}`);
  process.exit(0);
}
if (test) npm(['exec', '--', 'vitest', 'run', '--project', 'release'], { LADDER_RELEASE_PACKED: out });
for (const tarball of tarballs)
  npm(['publish', join(out, tarball), '--access', 'public', ...(publish ? [] : ['--dry-run'])]);
console.log(`${publish ? 'published' : 'dry run of'} ${tarballs.join(' and ')} (${out})`);
