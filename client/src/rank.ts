import type { Player, TierLabel, VisibleRank } from './types.js';

const ROMAN = ['I', 'II', 'III', 'IV', 'V'];

/** A stored rank as of now: only whether it has gone inactive changes with time alone. */
export function rankAsOf(rank: VisibleRank, nowMs = Date.now()): VisibleRank {
  return { ...rank, inactive: rank.inactiveFrom !== null && nowMs >= rank.inactiveFrom };
}

/** A profile with every ladder's rank as of now (what `onPlayer` hands over). */
export const playerAsOf = (player: Player, nowMs = Date.now()): Player => ({
  ...player,
  ladders: Object.fromEntries(
    Object.entries(player.ladders).map(([id, s]) => [id, { ...s, visible: rankAsOf(s.visible, nowMs) }]),
  ),
});

/**
 * A rank as one line: "黄金 II" or "Gold II", "王者" for a tier without divisions, "Placement 3/5" (定级赛 3/5)
 * during placement. Falls back to English, then the tier id, for a locale the table does not name.
 */
export function rankLabel(rank: VisibleRank, locale: string = 'en'): string {
  if (!rank.tier) {
    const { played, of } = rank.placement ?? { played: 0, of: 0 };
    return `${locale === 'zh' ? '定级赛' : 'Placement'} ${played}/${of}`;
  }
  return tierLabel(rank.tier, locale);
}

/** A tier and division as one line ("黄金 II", "Gold II", "王者"), as `rankLabel` writes it. */
export function tierLabel(tier: TierLabel, locale: string = 'en'): string {
  const name = tier.names[locale] ?? tier.names.en ?? tier.tier;
  return tier.division === null ? name : `${name} ${ROMAN[tier.division - 1] ?? tier.division}`;
}
