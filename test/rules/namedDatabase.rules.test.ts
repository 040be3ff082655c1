/**
 * Per-database rules on the Firestore emulator, as a studio deploys them with the ladder in a named database:
 * firebase.json's `ladder` entry puts the ladder's rules on `ladder`, the studio's own stay on `(default)`. The
 * emulator takes each database's rules at `/emulator/v1/projects/{p}/databases/{d}:securityRules` and keeps
 * each database's documents apart; rules-unit-testing only knows the default database, so the clients here
 * are the web SDK's own, with the emulator's mock tokens.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc, setLogLevel } from 'firebase/firestore';

// A project of its own, so loading rules never touches the functions' project.
const PROJECT = 'demo-ladder-named-rules';
const STUDIO_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /saves/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
  }
}
`;

setLogLevel('silent');
const apps: FirebaseApp[] = [];
afterAll(() => Promise.all(apps.map((app) => deleteApp(app))));

const emulator = (path: string) => `http://${inject('endpoints').firestoreHost}${path}`;

async function request(method: string, path: string, body?: unknown) {
  const response = await fetch(emulator(path), {
    method,
    // The emulator's owner token passes every rule, as the Admin SDK does.
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.text()).toBe(true);
}

const setRules = (database: string, content: string) =>
  request('PUT', `/emulator/v1/projects/${PROJECT}/databases/${database}:securityRules`, {
    rules: { files: [{ name: `${database}.rules`, content }] },
  });

const write = (database: string, path: string) =>
  request('PATCH', `/v1/projects/${PROJECT}/databases/${database}/documents/${path}`, {
    fields: { seeded: { booleanValue: true } },
  });

/** Ann's client of one database, subject to its rules. */
function ann(database: string) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key' }, `named-rules-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app, database);
  const [host, port] = inject('endpoints').firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port), { mockUserToken: { sub: 'ann' } });
  return db;
}

describe("the ladder's rules on a named database, the studio's on the default one", () => {
  beforeAll(async () => {
    await setRules('ladder', readFileSync('firestore.rules', 'utf8'));
    await setRules('(default)', STUDIO_RULES);
    for (const database of ['ladder', '(default)']) {
      await request('DELETE', `/emulator/v1/projects/${PROJECT}/databases/${database}/documents`);
      for (const path of ['playerStates/ann', 'playerStates/bob', 'saves/ann']) await write(database, path);
    }
  });

  it("applies the ladder's rules to the named database: own state readable, others' and writes denied", async () => {
    const ladder = ann('ladder');
    await assertSucceeds(getDoc(doc(ladder, 'playerStates/ann')));
    await assertFails(getDoc(doc(ladder, 'playerStates/bob')));
    await assertFails(setDoc(doc(ladder, 'playerStates/ann'), { ticketId: 'forged' }));
    // The studio's rules are not the named database's: its saves path there is closed.
    await assertFails(getDoc(doc(ladder, 'saves/ann')));
  });

  it("keeps the studio's rules on the default database, without the ladder's", async () => {
    const studio = ann('(default)');
    await assertSucceeds(getDoc(doc(studio, 'saves/ann')));
    await assertSucceeds(setDoc(doc(studio, 'saves/ann'), { level: 2 }));
    await assertFails(getDoc(doc(studio, 'playerStates/ann')));
  });

  it("keeps each database's documents apart", async () => {
    await request('PATCH', `/v1/projects/${PROJECT}/databases/(default)/documents/saves/only-default`, {
      fields: {},
    });
    const response = await fetch(emulator(`/v1/projects/${PROJECT}/databases/ladder/documents/saves/only-default`), {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(response.status).toBe(404);
  });
});
