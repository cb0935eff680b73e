import { useEffect, useRef, useState } from 'react';

/** "1:02:05", "2 d 03:04:05"; 0:00:00 once due. Digits only, so both languages read it. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor((total % 86_400) / 3600);
  const clock = `${days > 0 ? pad(hours) : hours}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

/**
 * The time left until `to` (ISO), ticking each second; `onElapsed` runs once when it reaches zero
 * (e.g. to reload what changes then). Not a live region: a screen reader is not read every tick.
 */
export function Countdown({ to, onElapsed }: { to: string; onElapsed?: () => void }) {
  const target = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;
  useEffect(() => {
    if (target <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= target) {
        clearInterval(timer);
        elapsed.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return <time dateTime={to}>{formatCountdown(target - now)}</time>;
}
