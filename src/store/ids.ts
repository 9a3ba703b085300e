// UUIDv7 ids are time-ordered: records created within one second still list newest first under the
// `id desc` tie-break, and inserts land at the right edge of the (workspace_id, id) index.
export { v7 as newId } from 'uuid'
