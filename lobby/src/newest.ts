/**
 * For loads that may overlap and answer in any order (the leaderboard read at start and the one after a game, on
 * a slow network): `begin()` starts a load and returns whether it is still the newest one begun, which the load
 * asks before it shows its answer, so a slow answer to an older load never replaces a newer one.
 */
export function newestOnly(): { begin(): () => boolean } {
  let begun = 0;
  return {
    begin() {
      const mine = ++begun;
      return () => mine === begun;
    },
  };
}
