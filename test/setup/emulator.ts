import { afterEach, beforeEach, inject } from 'vitest';
import { emulatorEnv } from '../../scripts/emulators.js';
import { closeClients } from '../support/client.js';
import { TEST_CONFIG } from '../support/config.js';

const endpoints = inject('endpoints');
// The admin SDK and the functions code imported by tests read these when first loaded.
Object.assign(process.env, emulatorEnv(endpoints), { LADDER_CONFIG: TEST_CONFIG });

beforeEach(async () => {
  const base = `projects/${endpoints.projectId}`;
  const cleared = await Promise.all([
    fetch(`http://${endpoints.firestoreHost}/emulator/v1/${base}/databases/(default)/documents`, { method: 'DELETE' }),
    fetch(`http://${endpoints.authHost}/emulator/v1/${base}/accounts`, { method: 'DELETE' }),
  ]);
  for (const response of cleared) if (!response.ok) throw new Error(`clearing the emulators failed: ${response.status}`);
});

afterEach(closeClients);
