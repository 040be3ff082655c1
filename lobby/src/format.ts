/** 75 → "1:15". */
export function duration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * 93_784 s → "1d 2:03:04"; under a day, "2:03:04"; under an hour, "3:04". Past a day the hours always show
 * ("1d 0:03:04"), or "1d 3:04" would read as three hours.
 */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const hours = days > 0 || rest >= 3600;
  const clock = hours ? `${Math.floor(rest / 3600)}:${duration(rest % 3600).padStart(5, '0')}` : duration(rest);
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** 16 → "+16", -16 → "−16", 0 → "±0". */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
}

/** 0.5 → "50%". */
export function percent(probability: number): string {
  return `${Math.round(probability * 100)}%`;
}

export function record(s: { games: number; wins: number; losses: number; draws: number }): string {
  return s.games === 0 ? 'no games yet' : `${s.wins}W ${s.losses}L ${s.draws}D`;
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
  const teen = Math.floor(n / 10) % 10 === 1;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
