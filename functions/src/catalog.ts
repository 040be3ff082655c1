/**
 * Every function of the ladder, by the name it deploys under inside the group (`ladder-enqueue`, …). Each is
 * built by `createLadderFunctions` once the deployment's configuration is known. A new callable or job is one
 * more export here (and, for a callable, one more entry in client/src/contract.ts).
 */
export { login } from './api/login.js';
export { getModes } from './api/catalog.js';
export { getProfile, setDisplayName } from './api/profile.js';
export {
  createParty,
  disbandParty,
  joinParty,
  kickPartyMember,
  leaveParty,
  refreshPartyCode,
  transferPartyLeadership,
} from './api/party.js';
export { acceptMatch, cancelQueue, declineMatch, enqueue, heartbeat, seeReadyCheck } from './api/queue.js';
export { getLeaderboard } from './api/leaderboard.js';
export { reportResult } from './api/results.js';
export { matcherTick, matcherTicks } from './jobs/matcher.js';
export { blockPlayer, forfeit, getBlockList, unblockPlayer } from './api/fairPlay.js';
export { seasonCloseTick } from './jobs/seasonClose.js';
export { calibrateTick } from './jobs/calibrate.js';
export { getSeasons } from './api/seasons.js';
export {
  adjustRating,
  banPlayer,
  closeSeasonNow,
  extendSeason,
  pauseMode,
  resumeMode,
  unbanPlayer,
  voidRoom,
} from './api/admin.js';
export { deleteAccount, exportMyData } from './api/account.js';
export { getHistory } from './api/history.js';
export { getMatchState, watchMatch } from './api/watch.js';
export { declineRematch, requestRematch } from './api/rematch.js';
