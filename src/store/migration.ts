/** A schema migration of either store: a module under <dialect>/migrations/, frozen once shipped. */
export interface Migration {
  version: number
  name: string
  sql: string
}
