import { isItemError, type PutOutcome } from '../store/types.js'

// The shape of every bulk write: the items a rule of the services layer refuses answer their error there; the
// others go to the store together, and each answer goes back to its item's place.

/**
 * Outcomes in input order: `prepare` turns an input into what the store takes (throwing InvalidFieldError or
 * ConflictError for an input it refuses), `write` writes the prepared ones in one call.
 */
export async function settledItems<In, Prepared, Rec> (inputs: readonly In[], prepare: (input: In) => Prepared,
  write: (prepared: Prepared[]) => Promise<Array<PutOutcome<Rec>>>): Promise<Array<PutOutcome<Rec>>> {
  const outcomes: Array<PutOutcome<Rec> | undefined> = []
  const prepared: Prepared[] = []
  const places: number[] = []
  for (const [i, input] of inputs.entries()) {
    try {
      prepared.push(prepare(input))
      places.push(i)
      outcomes.push(undefined)
    } catch (error) {
      if (!isItemError(error)) throw error
      outcomes.push({ error })
    }
  }
  const written = prepared.length === 0 ? [] : await write(prepared)
  written.forEach((outcome, j) => { outcomes[places[j]!] = outcome })
  return outcomes as Array<PutOutcome<Rec>>
}
