/**
 * RFC 3339 (section 5.6) `full-date` and `date-time`, exactly: ASCII digits only, `T`/`t` between date
 * and time, `Z`/`z` or a numeric offset, real calendar dates (leap years included), hours 00–23,
 * minutes 00–59, and second 60 only where a leap second can be: 23:59:60 in UTC.
 */

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** 24 × 60, and 23:59 in minutes (literals: a bundler keeps arithmetic it cannot prove harmless). */
const MINUTES_PER_DAY = 1440;
const LEAP_SECOND_MINUTE = 1439;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

export function isRfc3339Date(s: string): boolean {
  const m = FULL_DATE.exec(s);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Minutes east of UTC (0 for `Z`), or null for an offset out of range. */
function offsetMinutes(sign: string | undefined, hours: string | undefined, minutes: string | undefined): number | null {
  if (sign === undefined) return 0;
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 23 || m > 59) return null;
  return (sign === "-" ? -1 : 1) * (h * 60 + m);
}

function isLeapSecondMinute(hour: number, minute: number, offset: number): boolean {
  const utc = (((hour * 60 + minute - offset) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return utc === LEAP_SECOND_MINUTE;
}

export function isRfc3339DateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (m === null || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  const offset = offsetMinutes(m[7], m[8], m[9]);
  if (offset === null || hour > 23 || minute > 59 || second > 60) return false;
  return second < 60 || isLeapSecondMinute(hour, minute, offset);
}
