/**
 * Packs @ladder/functions into a functions folder, for a deploy without a registry: `firebase deploy` uploads
 * that folder alone, so the package must sit inside it (`vendor/ladder-functions.tgz`, which its package.json
 * names as `file:vendor/ladder-functions.tgz`).
 *
 *   node scripts/vendor.mjs <functions folder>      (this repository's own deploy: `npm run vendor -- deploy`)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: node scripts/vendor.mjs <functions folder>');
const root = resolve(import.meta.dirname, '..');
const packed = mkdtempSync(join(tmpdir(), 'ladder-vendor-'));
execFileSync('npm', ['pack', '--workspace', 'functions', '--pack-destination', packed], {
  cwd: root,
  stdio: 'inherit',
});
const [tarball] = readdirSync(packed).filter((file) => file.endsWith('.tgz'));
const vendor = join(resolve(target), 'vendor');
mkdirSync(vendor, { recursive: true });
renameSync(join(packed, tarball), join(vendor, 'ladder-functions.tgz'));
rmSync(packed, { recursive: true, force: true });
console.log(`${tarball} is ${join(vendor, 'ladder-functions.tgz')}`);
