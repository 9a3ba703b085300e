/** A command given wrong arguments: exit code 2, like commander's own usage errors. */
export class UsageError extends Error {
  override name = 'UsageError'
}
