import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import { MemberBody, MemberCreateSchema, MemberDuplicatesSchema, MemberListQuerySchema, type MemberCreate, MemberPageSchema, MemberPatchSchema } from '../../schemas/members.js'
import type { Store } from '../../store/types.js'
import { memberFilter } from '../../services/lists.js'
import { MemberBulkResults } from '../../schemas/bulk.js'
import { bulkRoute } from './bulk.js'
import { DUPLICATES_LIMIT } from '../../domain/identity.js'

export const memberRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: {
      operationId: 'createMember',
      summary: 'Create a member',
      description: 'Creates a member in the workspace of the token: at least one of `firstName`, `lastName`, ' +
        '`primaryEmail`. `linkedinUrl` is stored and never returned; `level`, `pulse`, `firstActivity` and ' +
        '`lastActivity` are derived from the member\'s activities. No two members of a workspace share an email ' +
        '(`primaryEmail` or one of `emails`, ignoring case): one another member has is a 409 naming the field and that ' +
        'member (`id`), so a client can merge instead. A `primaryEmail` of a company domain attaches the member to the ' +
        'workspace\'s company of that domain, made when missing (not for free-mail, disposable or reserved domains: see ' +
        '`/v1/identity-settings`).',
      tags: ['members'],
      body: MemberCreateSchema,
      response: withErrors({ 201: MemberBody }, 409, 413, 415)
    }
  }, async (request, reply) => {
    const member = await store.members.create(request.workspaceId, request.body)
    return reply.code(201).send({ member })
  })

  await app.register(bulkRoute({
    operationId: 'bulkMembers',
    summary: 'Create or update members in bulk',
    description: 'Up to 1,000 members, each a body of `POST /v1/members`: one whose `primaryEmail` a member of the ' +
      'workspace has (as its primaryEmail or in its emails, ignoring case) updates that member as a PATCH would (200), ' +
      'else it is created (201); an email held by another member is that item\'s 409; applied in order as if sent one by one, in one transaction: an item that is invalid ' +
      'answers its error and changes nothing, never failing the others.',
    tag: 'members',
    items: 'members',
    record: 'member',
    item: MemberCreateSchema,
    results: MemberBulkResults,
    write: async (workspaceId, items: MemberCreate[]) => await store.members.putMany(workspaceId, items)
  }))

  app.get('', {
    schema: {
      operationId: 'listMembers',
      summary: 'List members',
      description: 'A page of the workspace\'s members, newest first unless `sort` says otherwise (`-pulse`: the most ' +
        'engaged first). `q` is a case-insensitive prefix of a name or an email; `email` one of the member\'s emails, ' +
        'ignoring case; `minLevel` keeps the members at that level or above, on the workspace\'s thresholds; ' +
        '`activeSince` and `activeUntil` bound `lastActivity`. Filters combine with AND; pulse and level are those of ' +
        'the moment of the request.',
      tags: ['members'],
      querystring: MemberListQuerySchema,
      response: withErrors({ 200: MemberPageSchema })
    }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.members.list(request.workspaceId, memberFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalMembers: total, members: items }
  })

  app.patch('/:id', {
    schema: {
      operationId: 'updateMember',
      summary: 'Update a member',
      description: 'Changes the fields the body names (omitted: unchanged, `null`: cleared); `companyId` attaches the ' +
        'member to a company of the workspace, or detaches it with `null`. An email another member has is a 409 naming ' +
        'the field and that member (`id`). A new `primaryEmail` attaches a member that has no company to the company of ' +
        'its domain, as on create, unless the body names `companyId`.',
      tags: ['members'],
      params: IdParams,
      body: MemberPatchSchema,
      response: withErrors({ 200: MemberBody }, 404, 409, 413, 415)
    }
  }, async (request) => {
    const member = await store.members.update(request.workspaceId, request.params.id, request.body)
    if (member === undefined) throw notFound()
    return { member }
  })

  app.get('/:id', {
    schema: {
      operationId: 'getMember',
      summary: 'Get a member',
      description: 'The member with this id, with its engagement (`level`, `pulse`) exact at the time of the call.',
      tags: ['members'],
      params: IdParams,
      response: withErrors({ 200: MemberBody }, 404)
    }
  }, async (request) => {
    const member = await store.members.get(request.workspaceId, request.params.id)
    if (member === undefined) throw notFound()
    return { member }
  })

  app.get('/:id/duplicates', {
    schema: {
      operationId: 'listMemberDuplicates',
      summary: 'List a member\'s probable duplicates',
      description: 'The other members of the workspace that are probably the same person, each with its reasons: ' +
        '`email` (an email of one is an email of the other, ignoring case, and for gmail.com and googlemail.com dots ' +
        'and `+tags`), `nameAndCompany` (the same full name and the same company), `name` (the same full name, both ' +
        'firstName and lastName set, ignoring case, accents and spaces; not listed beside `nameAndCompany`). At most ' +
        `${DUPLICATES_LIMIT}, the strongest reason first, then createdAt desc, id desc; members excluded from engagement ` +
        'are listed too. Each member as `GET /v1/members/{id}` answers it.',
      tags: ['members'],
      params: IdParams,
      response: withErrors({ 200: MemberDuplicatesSchema }, 404)
    }
  }, async (request) => {
    const duplicates = await store.members.duplicates(request.workspaceId, request.params.id)
    if (duplicates === undefined) throw notFound()
    return { duplicates }
  })

  app.delete('/:id', {
    schema: {
      operationId: 'deleteMember',
      summary: 'Delete a member',
      description: 'Deletes the member and its activities.',
      tags: ['members'],
      params: IdParams,
      response: withErrors({ 200: SuccessBody }, 404, 413, 415)
    }
  }, async (request) => {
    if (!await store.members.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
