export { login } from './api/login.js';
export { getProfile, setDisplayName } from './api/profile.js';
export { matcherTick } from './jobs/matcher.js';
