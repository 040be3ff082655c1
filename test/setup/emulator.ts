import { afterEach, beforeEach, inject } from 'vitest';
import { emulatorEnv } from '../../scripts/emulators.js';
import { closeClients } from '../support/client.js';
import { TEST_CONFIG } from '../support/config.js';

const endpoints = inject('endpoints');
// The admin SDK and the functions code imported by tests read these when first loaded.
Object.assign(process.env, emulatorEnv(endpoints), { LADDER_CONFIG: TEST_CONFIG });

/**
 * DELETE on an emulator endpoint. The Firestore emulator keeps the listen stream of a connection that was cut
 * (a relay test, a closed browser) until a write tries to notify it: that write (here, the clearing) fails
 * once, dropping the stream, and succeeds when repeated.
 */
async function clear(url: string) {
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(url, { method: 'DELETE' });
    await response.arrayBuffer();
    if (response.ok) return;
    status = response.status;
  }
  throw new Error(`clearing the emulators failed: ${status} (${url})`);
}

beforeEach(async () => {
  const base = `projects/${endpoints.projectId}`;
  await Promise.all([
    clear(`http://${endpoints.firestoreHost}/emulator/v1/${base}/databases/(default)/documents`),
    clear(`http://${endpoints.authHost}/emulator/v1/${base}/accounts`),
  ]);
});

afterEach(closeClients);
