import { randomUUID } from 'node:crypto'
import { openPostgresStore } from '../src/store/postgres/index.js'
import { putActivities } from '../src/services/activities.js'
const store = await openPostgresStore(process.env.PGURL!, { poolSize: 5, statementTimeoutMs: 0 })
const ws = randomUUID()
const members = await store.members.createMany(ws, Array.from({ length: 5000 }, (_, i) => ({ firstName: `m${i}` })))
const channels = await store.channels.createMany(ws, Array.from({ length: 50 }, (_, i) => ({ name: `c${i}` })))
const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!
let n = 0
const item = (ext: string) => ({ memberId: pick(members), activityTypeKey: pick(['a', 'b', 'c']), channelId: pick(channels), source: 'bench', externalId: ext, title: `t${n}`, createdAt: new Date(Date.now() - Math.random() * 1e10).toISOString() })
const t = performance.now()
await putActivities(store, ws, Array.from({ length: 200 }, () => item(`x${n++}`)))
console.log('200 new', (performance.now() - t).toFixed(0), 'ms')
await store.close()
