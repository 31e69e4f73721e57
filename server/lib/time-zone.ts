/** Whether `value` is an IANA time zone this Node knows, such as Europe/Berlin. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
