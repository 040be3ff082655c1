import { rankLabel, tierLabel, type RankMovement, type VisibleRank } from '@ladder/client';
import { h } from './dom.js';

/** A visible rank as a badge: "黄金 II Gold II", or placement progress as a bar; greyed when inactive. */
export function rankBadge(rank: VisibleRank | null | undefined) {
  if (!rank) return null;
  const state = rank.inactive ? ' inactive' : '';
  if (!rank.tier) {
    const { played, of } = rank.placement ?? { played: 0, of: 1 };
    return h(
      'span',
      { class: `badge placement${state}`, 'data-testid': 'rank-badge', title: 'Placement games: no rank shown yet' },
      rankLabel(rank, 'zh'),
      ' ',
      h('progress', { max: of, value: played }),
      ` ${rankLabel(rank, 'en')}`,
    );
  }
  return h(
    'span',
    {
      class: `badge tier-${rank.tier.tier}${state}`,
      'data-testid': 'rank-badge',
      title: rank.peak ? `Season peak: ${tierLabel(rank.peak)} (${rank.peak.rating})` : '',
    },
    `${rankLabel(rank, 'zh')} · ${rankLabel(rank, 'en')}`,
    rank.inactive ? ' (inactive)' : '',
  );
}

const MOVEMENT: Record<Exclude<RankMovement, null>, string> = {
  placed: 'Placement complete! 定级完成',
  promoted: 'Promoted! 晋级',
  demoted: 'Demoted 降级',
};

/** The line a settled game adds about the rank: its tier before and after, and a promotion, demotion or placement. */
export function rankChange(change: { rankBefore: VisibleRank; rankAfter: VisibleRank; movement: RankMovement }) {
  return h(
    'p',
    { class: `rank-change ${change.movement ?? ''}`, 'data-testid': 'rank-change' },
    rankBadge(change.rankBefore),
    ' → ',
    rankBadge(change.rankAfter),
    change.movement ? h('strong', {}, ` ${MOVEMENT[change.movement]}`) : '',
  );
}
