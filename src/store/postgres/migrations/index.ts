// Versioned schema, applied in order at startup (or by `npm run migrate`), each in its own transaction,
// recorded in schema_migrations. Never edit a migration that has shipped, and never call code from one that can
// change later: add the next module here.
import type { Migration } from '../../migration.js'
import * as initial from './0001-initial.js'
import * as countedIndex from './0002-counted-index.js'
import * as boundedIndexKeys from './0003-bounded-index-keys.js'
import * as engagement from './0004-engagement.js'
import * as idempotency from './0005-idempotency.js'
import * as externalIds from './0006-external-ids.js'
import * as companyDomains from './0007-company-domains.js'
import * as memberKeys from './0008-member-keys.js'
import * as merges from './0009-merges.js'
import * as pulseBlocks from './0010-pulse-blocks.js'
import * as pulseMoveGenericPlan from './0011-pulse-move-generic-plan.js'
import * as pulseBlockKeys from './0012-pulse-block-keys.js'
import * as keysTaken from './0013-keys-taken.js'

export const migrations: readonly Migration[] = [initial, countedIndex, boundedIndexKeys, engagement, idempotency, externalIds, companyDomains, memberKeys, merges, pulseBlocks, pulseMoveGenericPlan, pulseBlockKeys, keysTaken]
