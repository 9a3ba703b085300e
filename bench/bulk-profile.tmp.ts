import { randomUUID } from 'node:crypto'
import { openSqliteStore } from '../src/store/sqlite/index.js'
import { putActivities, createActivities } from '../src/services/activities.js'
const store = openSqliteStore(`/tmp/prof/p-${randomUUID()}.db`, { synchronous: 'normal' })
const ws = randomUUID()
const members = await store.members.createMany(ws, Array.from({ length: 5000 }, (_, i) => ({ firstName: `m${i}` })))
const channels = await store.channels.createMany(ws, Array.from({ length: 50 }, (_, i) => ({ name: `c${i}` })))
const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!
let n = 0
const item = (ext: string) => ({ memberId: pick(members), activityTypeKey: pick(['a', 'b', 'c']), channelId: pick(channels), source: 'bench', externalId: ext, title: `t${n}`, createdAt: new Date(Date.now() - Math.random() * 1e10).toISOString() })
const mode = process.argv[2]
let prev = Array.from({ length: 500 }, () => item(`x${n++}`))
await putActivities(store, ws, prev)
const t0 = performance.now()
for (let r = 0; r < 10; r++) {
  const next = Array.from({ length: 500 }, () => item(`x${n++}`))
  const body = [...prev.map((p) => ({ ...p, title: p.title + 'e' })), ...next]
  if (mode === 'put') await putActivities(store, ws, body)
  else await createActivities(store, ws, body.map((b, i) => ({ ...b, externalId: `${b.externalId}-c${r}-${i}` })))
  prev = next
}
console.log(mode, (10000 / ((performance.now() - t0) / 1000)).toFixed(0), 'activities/s')
await store.close()
