import { describe, expect, it } from 'vitest';
import { countdown } from '../../lobby/src/format.js';

describe("the lobby's season countdown", () => {
  it('shows days, hours, minutes and seconds, the hours even when there are none', () => {
    expect(countdown(93_784_000)).toBe('1d 2:03:04');
    // 35 days and 38 minutes: not "35d 38:26", which reads as 38 hours.
    expect(countdown((35 * 86_400 + 38 * 60 + 26) * 1000)).toBe('35d 0:38:26');
    expect(countdown(7_384_000)).toBe('2:03:04');
    expect(countdown(184_000)).toBe('3:04');
    expect(countdown(-5_000)).toBe('0:00');
  });
});
