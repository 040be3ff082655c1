/**
 * Which emulator and project `ladder-firestore emulator` loads rules into, found the way firebase-tools finds
 * them: FIRESTORE_EMULATOR_HOST, else firebase.json's `emulators.firestore` (default 127.0.0.1:8080); the
 * project from `--project`, else GCLOUD_PROJECT, else the default in .firebaserc beside firebase.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EmulatorTarget } from './emulatorRules.js';
import type { FirebaseJson } from './firebaseJson.js';

interface Emulators {
  firestore?: { host?: string; port?: number };
}

export function emulatorTarget(path: string, json: FirebaseJson, database: string, project?: string): EmulatorTarget {
  const configured = (json.emulators as Emulators | undefined)?.firestore;
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? `${configured?.host ?? '127.0.0.1'}:${configured?.port ?? 8080}`;
  const rc = join(dirname(path), '.firebaserc');
  const fromRc = existsSync(rc)
    ? (JSON.parse(readFileSync(rc, 'utf8')) as { projects?: { default?: string } }).projects?.default
    : undefined;
  const chosen = project ?? process.env.GCLOUD_PROJECT ?? fromRc;
  if (!chosen) throw new Error('name the project: --project <id> (the one `firebase emulators:start` runs)');
  return { host, project: chosen, database };
}
