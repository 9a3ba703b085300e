// Rules of a member record that both stores apply.

/** A member is someone: it keeps at least one of these, on create and after every PATCH. */
export const IDENTITY_FIELD = 'firstName|lastName|primaryEmail'
export const IDENTITY_RULE = 'one of firstName, lastName, primaryEmail is required'

export interface Identity {
  firstName: string | null
  lastName: string | null
  primaryEmail: string | null
  emails: readonly string[]
}

export function hasIdentity (member: Identity): boolean {
  return member.firstName !== null || member.lastName !== null || member.primaryEmail !== null
}

/**
 * The longest name term, in code points. A search is at most 100 code points, and lower-casing at most doubles
 * one ('İ' becomes 'i̇'), so a search never reaches past a term's first 200: cutting terms there changes no
 * prefix match, and keeps them small enough for any index (PostgreSQL's btree entries hold about 2,700 bytes).
 */
export const NAME_TERM_LENGTH = 200

/**
 * What the member list's `q` matches by prefix (names, full name, emails) and `email` matches exactly
 * (emails): all lower-cased here, in JavaScript, so both stores fold case the same way. Name terms are cut to
 * NAME_TERM_LENGTH code points after lower-casing (which can lengthen a name, and in Greek depends on what
 * follows a sigma); emails are at most 320 ASCII characters and are kept whole, for the exact match.
 */
export function searchTerms (member: Identity): { names: string[], emails: string[] } {
  const names = [member.firstName, member.lastName]
  if (member.firstName !== null && member.lastName !== null) names.push(`${member.firstName} ${member.lastName}`)
  const emails = [member.primaryEmail, ...member.emails]
  return { names: distinct(lower(names).map(cut)), emails: distinct(lower(emails)) }
}

const lower = (values: ReadonlyArray<string | null>): string[] =>
  values.filter((value): value is string => value !== null).map((value) => value.toLowerCase())

const distinct = (values: readonly string[]): string[] => [...new Set(values)]

/** The first NAME_TERM_LENGTH code points: a surrogate pair is one code point and is never split. */
function cut (term: string): string {
  if (term.length <= NAME_TERM_LENGTH) return term
  let end = 0
  for (let points = 0; points < NAME_TERM_LENGTH && end < term.length; points++) {
    end += term.codePointAt(end)! > 0xffff ? 2 : 1
  }
  return term.slice(0, end)
}
