import { basename } from 'node:path';
import { beforeEach, expect, inject } from 'vitest';
import { clearFirestore } from '../../scripts/clear.js';
import { TEST_CONFIG } from '../support/config.js';

const host = inject('storeFirestoreHost');
// A project per file: files run side by side, and the emulator keeps every project's documents apart, so no file
// sees (or clears) another's.
const file = basename(expect.getState().testPath ?? 'unknown', '.test.ts');
const projectId = `demo-store-${file.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
// The admin SDK and the store code imported by the test file read these when first loaded.
Object.assign(process.env, {
  GCLOUD_PROJECT: projectId,
  GOOGLE_CLOUD_PROJECT: projectId,
  FIRESTORE_EMULATOR_HOST: host,
  METADATA_SERVER_DETECTION: 'none',
  LADDER_CONFIG: TEST_CONFIG,
});

beforeEach(() => clearFirestore(host, projectId));
