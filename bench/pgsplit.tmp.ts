import { randomUUID } from 'node:crypto'
import { openPostgresStore } from '../src/store/postgres/index.js'
import { putActivities, createActivities } from '../src/services/activities.js'
const store = await openPostgresStore(process.env.PGURL!, { poolSize: 5, statementTimeoutMs: 0 })
const ws = randomUUID()
const members = await store.members.createMany(ws, Array.from({ length: 5000 }, (_, i) => ({ firstName: `m${i}` })))
const channels = await store.channels.createMany(ws, Array.from({ length: 50 }, (_, i) => ({ name: `c${i}` })))
const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!
let n = 0
const item = (ext: string) => ({ memberId: pick(members), activityTypeKey: pick(['a', 'b', 'c']), channelId: pick(channels), source: 'bench', externalId: ext, title: `t${n}`, createdAt: new Date(Date.now() - Math.random() * 1e10).toISOString() })
const time = async (name: string, f: () => Promise<unknown>) => { const t = performance.now(); await f(); console.log(name, ((performance.now() - t)).toFixed(0), 'ms / 1000') }
const a = Array.from({ length: 1000 }, () => item(`x${n++}`))
await time('put new', () => putActivities(store, ws, a))
await time('put same (no change)', () => putActivities(store, ws, a))
await time('put edited', () => putActivities(store, ws, a.map((x) => ({ ...x, title: 'e' }))))
await time('createMany new', () => createActivities(store, ws, Array.from({ length: 1000 }, () => item(`y${n++}`))))
await time('createMany new', () => createActivities(store, ws, Array.from({ length: 1000 }, () => item(`y${n++}`))))
await time('createMany no ext', () => createActivities(store, ws, Array.from({ length: 1000 }, () => ({ ...item('z'), externalId: undefined }))))
await store.close()
