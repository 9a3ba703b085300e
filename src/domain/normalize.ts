/** Tags and similar lists keep their first occurrence of each value, in order (contract). */
export function uniqueInOrder<T> (values: readonly T[]): T[] {
  return [...new Set(values)]
}
