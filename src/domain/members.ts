// Rules of a member record that both stores apply.

/** A member is someone: it keeps at least one of these, on create and after every PATCH. */
export const IDENTITY_FIELD = 'firstName|lastName|primaryEmail'
export const IDENTITY_RULE = 'one of firstName, lastName, primaryEmail is required'

interface Identity {
  firstName: string | null
  lastName: string | null
  primaryEmail: string | null
  emails: readonly string[]
}

export function hasIdentity (member: Identity): boolean {
  return member.firstName !== null || member.lastName !== null || member.primaryEmail !== null
}

/**
 * What the member list's `q` matches by prefix (names, full name, emails) and `email` matches exactly
 * (emails): all lower-cased here, in JavaScript, so both stores fold case the same way.
 */
export function searchTerms (member: Identity): { names: string[], emails: string[] } {
  const names = [member.firstName, member.lastName]
  if (member.firstName !== null && member.lastName !== null) names.push(`${member.firstName} ${member.lastName}`)
  const emails = [member.primaryEmail, ...member.emails]
  return { names: distinctLower(names), emails: distinctLower(emails) }
}

function distinctLower (values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null).map((value) => value.toLowerCase()))]
}
