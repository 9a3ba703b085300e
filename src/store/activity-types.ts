// The id a committed write found or made for a key stays right until the type is deleted, which only a type no
// activity uses can be: this process forgets it then, and another process that still remembers it fails its
// write on the activities' foreign key, forgets everything and tries again (PostgreSQL; SQLite, where
// processes share no foreign key, does not keep them). Keeping them saves each activity write a round trip.

const MAX_ENTRIES = 10_000

/** Ids of activity types by workspace and key, as committed writes found them; a bounded, oldest-out map. */
export class ActivityTypeIds {
  readonly #ids = new Map<string, string>()

  get (workspaceId: string, key: string): string | undefined {
    return this.#ids.get(`${workspaceId} ${key}`)
  }

  forget (workspaceId: string, key: string): void {
    this.#ids.delete(`${workspaceId} ${key}`)
  }

  clear (): void {
    this.#ids.clear()
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
