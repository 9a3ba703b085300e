// member_pulse_move (migration 10) keeps its statements' plans, but PostgreSQL judged its custom plans (made for
// each call's arrays) cheaper than the generic one and so planned its INSERT again at nearly every call
// (pg_stat_statements: 841 plans in 917 calls, 0.21 ms of planning to 0.06 ms of execution): a large part of
// every member insert and of every activity write whose member's pulse crossed a block boundary. The generic plan
// (an index look-up per row of the arrays) is the right one at any size a write has.

export const version = 11
export const name = 'pulse move generic plan'

export const sql = `
  ALTER FUNCTION member_pulse_move(uuid[], float8[], uuid[], int8[]) SET plan_cache_mode = force_generic_plan;
`
