import { describe, expect, it } from 'vitest';
import { bundleFigures } from '../../scripts/bundleSize.js';

describe('what a game bundles', () => {
  it('@ladder/client keeps Firestore out of the chunk a game loads at start, for the firestore transport to load', async () => {
    const figures = await bundleFigures('client/src/index.ts');
    expect(figures['Firestore at start']).toBe(false);
    expect(figures['Firestore loaded later']).toBe(true);
  });

  it('@ladder/client/http bundles no Firestore at all', async () => {
    const figures = await bundleFigures('client/src/http.ts');
    expect(figures['Firestore at start']).toBe(false);
    expect(figures['Firestore loaded later']).toBe(false);
  });
});
