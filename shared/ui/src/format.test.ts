import i18next from 'i18next';
import {
  formatDateTime,
  formatNumber,
  formatTimeWindow,
  isoToLocalInput,
  localInputToIso,
  savedAt,
  timeZoneLabel,
  utcOffset,
} from './format';

const instant = '2025-03-01T05:05:00.000Z';

describe('format', () => {
  it('shows an instant in the given zone and language, 24-hour', () => {
    expect(formatDateTime(instant, 'en', 'Asia/Tokyo')).toBe('Mar 1, 2025, 14:05');
    expect(formatDateTime(instant, 'ja', 'Asia/Tokyo')).toBe('2025/03/01 14:05');
    expect(formatDateTime(instant, 'en', 'UTC')).toBe('Mar 1, 2025, 05:05');
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it("writes the browser zone's text without Intl exactly as Intl writes it", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Every month, single- and double-digit days and hours, midnight, a leap day, years far apart.
    const instants = ['2024-02-29T00:00:00Z', '1999-12-31T23:59:59Z', '2030-07-04T09:07:00Z'];
    for (let month = 0; month < 12; month++)
      instants.push(new Date(Date.UTC(2026, month, 1 + month * 2, month * 2, month * 5)).toISOString());
    for (const iso of instants)
      for (const language of ['en', 'ja'] as const) expect(formatDateTime(iso, language)).toBe(formatDateTime(iso, language, zone));
    for (const n of [0, 7, 999, 1000, -1234, 1234567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])
      expect(formatNumber(n, 'en')).toBe(new Intl.NumberFormat('en').format(n));
    expect(formatNumber(1234.5678, 'ja')).toBe('1,234.568');
  });

  it('follows the console language by default', async () => {
    const en = formatDateTime(instant);
    await i18next.changeLanguage('ja');
    expect(formatDateTime(instant)).not.toBe(en);
    expect(formatDateTime(instant)).toMatch(/^2025\/03\/0[12] /);
    expect(formatTimeWindow(null, null)).toBe('予定された期間はありません');
    expect(formatNumber(12345)).toBe('12,345');
    await i18next.changeLanguage('en');
    expect(formatTimeWindow(null, null)).toBe('No window planned');
    expect(savedAt({ updatedAt: instant, updatedBy: 'a@example.com' })).toBe(`saved ${formatDateTime(instant)} by a@example.com`);
  });

  it('names the zone with its offset at that moment', () => {
    expect(timeZoneLabel('Asia/Tokyo')).toBe('Asia/Tokyo (UTC+09:00)');
    expect(utcOffset('UTC')).toBe('UTC+00:00');
    expect(utcOffset('Europe/Paris', new Date('2025-07-01T00:00:00Z'))).toBe('UTC+02:00');
    expect(utcOffset('Europe/Paris', new Date('2025-01-01T00:00:00Z'))).toBe('UTC+01:00');
  });

  it('stores what is entered as an ISO instant in UTC', () => {
    expect(localInputToIso('2025-03-01T10:00')).toBe(new Date(2025, 2, 1, 10, 0).toISOString());
    expect(localInputToIso('')).toBe('');
  });

  it('shows an instant to the minute, or to the second when asked, and reads the seconds back', () => {
    const iso = new Date(2025, 2, 1, 10, 5, 7).toISOString();
    expect(isoToLocalInput(iso)).toBe('2025-03-01T10:05');
    expect(isoToLocalInput(iso, true)).toBe('2025-03-01T10:05:07');
    expect(localInputToIso('2025-03-01T10:05:07')).toBe(iso);
    expect(isoToLocalInput('not a date', true)).toBe('');
  });
});
