import { formatCountdown } from './Countdown';

test('formatCountdown: h:mm:ss, days in front, never negative', () => {
  expect(formatCountdown(0)).toBe('0:00:00');
  expect(formatCountdown(-5_000)).toBe('0:00:00');
  expect(formatCountdown(4_200)).toBe('0:00:05');
  expect(formatCountdown((3600 + 2 * 60 + 5) * 1000)).toBe('1:02:05');
  expect(formatCountdown((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe('2 d 03:04:05');
});
