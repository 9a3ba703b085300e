// An activity type never changes and is never deleted once made, so the id a committed write found or made for a
// key stays right for the life of the process, and another instance can only ever agree with it. Keeping it
// saves each activity write the look-up of its type.

const MAX_ENTRIES = 10_000

/** Ids of activity types by workspace and key, as committed writes found them; a bounded, oldest-out map. */
export class ActivityTypeIds {
  readonly #ids = new Map<string, string>()

  get (workspaceId: string, key: string): string | undefined {
    return this.#ids.get(`${workspaceId} ${key}`)
  }

  /** The types of rows written from `inputs`; call only once the write has committed. */
  remember (workspaceId: string, rows: ReadonlyArray<{ activity_type_id: string }>, inputs: ReadonlyArray<{ activityTypeKey?: string }>): void {
    rows.forEach((row, i) => {
      const entry = `${workspaceId} ${inputs[i]!.activityTypeKey}`
      if (inputs[i]!.activityTypeKey === undefined || this.#ids.has(entry)) return
      if (this.#ids.size >= MAX_ENTRIES) this.#ids.delete(this.#ids.keys().next().value!)
      this.#ids.set(entry, row.activity_type_id)
    })
  }
}
