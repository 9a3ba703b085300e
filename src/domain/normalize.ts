/** Tags and similar lists keep their first occurrence of each value, in order (contract). */
export function uniqueInOrder<T> (values: readonly T[]): T[] {
  return [...new Set(values)]
}

/**
 * A company domain in one spelling, so `https://www.Example.com/about` and `example.com.` are the same
 * domain: lower case, without scheme, credentials, port, path, a leading `www.` or trailing dots.
 */
export function normalizeDomain (value: string): string {
  return value.trim().toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.+$/, '')
    .replace(/^www\./, '')
}
