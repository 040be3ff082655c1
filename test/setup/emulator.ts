import { afterEach, beforeEach, inject } from 'vitest';
import { clearEmulators } from '../../scripts/clear.js';
import { emulatorEnv } from '../../scripts/emulators.js';
import { closeClients } from '../support/client.js';
import { TEST_CONFIG } from '../support/config.js';

const endpoints = inject('endpoints');
// The admin SDK and the functions code imported by tests read these when first loaded.
Object.assign(process.env, emulatorEnv(endpoints), { LADDER_CONFIG: TEST_CONFIG });

beforeEach(() => clearEmulators(endpoints));

afterEach(closeClients);
