// Generated from GET /openapi.json by `npm run client:generate` (scripts/generate-client.ts, openapi-typescript).
// Do not edit: change the route schemas and run the script again.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the process runs: no token, no database.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Answers 200 when the database answers too, else 503: no token. Also 503 while the database refuses writes for lack of room (a full disk), with `details` saying so.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List companies
         * @description A page of the workspace's companies, newest first unless `sort` says otherwise. `q` is a case-insensitive prefix of the name, `domain` the normalised domain, `tag` a tag id; filters combine with AND and `totalCompanies` counts what they match.
         */
        get: operations["listCompanies"];
        put?: never;
        /**
         * Create a company
         * @description Creates a company in the workspace of the token. `name` is required; `domain` is stored normalised (`https://www.Acme.com/` becomes `acme.com`), and a domain another company of the workspace has is a 409 naming it; `tags` are uuids, de-duplicated in order. A company made with a domain attaches the workspace's members whose primary email has that domain and who have no company (see `/v1/identity-settings`).
         */
        post: operations["createCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update companies in bulk
         * @description Up to 1,000 companies, each a body of `POST /v1/companies`: one with a `domain` the workspace has (normalised: `https://www.Acme.com/` is `acme.com`) updates that company as a PATCH would (200), else it is created (201); applied in order as if sent one by one, in one transaction: an item that is invalid answers its error and changes nothing, never failing the others. The body may be up to 16 MiB.
         */
        post: operations["bulkCompanies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a company
         * @description The company with this id, in the workspace of the token.
         */
        get: operations["getCompany"];
        put?: never;
        post?: never;
        /**
         * Delete a company
         * @description Deletes the company; its members stay, with `companyId` null.
         */
        delete: operations["deleteCompany"];
        options?: never;
        head?: never;
        /**
         * Update a company
         * @description Changes the fields the body names: an omitted field is unchanged, `null` clears it (`name` cannot be cleared), `{}` changes nothing. `updatedAt` moves on every change. A `domain` another company of the workspace has is a 409 naming it; a new domain attaches the members of that domain that have no company.
         */
        patch: operations["updateCompany"];
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description A page of the workspace's members, newest first unless `sort` says otherwise (`-pulse`: the most engaged first). `q` is a case-insensitive prefix of a name or an email; `email` one of the member's emails, ignoring case; `minLevel` keeps the members at that level or above, on the workspace's thresholds; `activeSince` and `activeUntil` bound `lastActivity`. Filters combine with AND; pulse and level are those of the moment of the request.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Create a member
         * @description Creates a member in the workspace of the token: at least one of `firstName`, `lastName`, `primaryEmail`. `linkedinUrl` is stored and never returned; `level`, `pulse`, `firstActivity` and `lastActivity` are derived from the member's activities. No two members of a workspace share an email (`primaryEmail` or one of `emails`, ignoring case): one another member has is a 409 naming the field and that member (`id`), so a client can merge instead. A `primaryEmail` of a company domain attaches the member to the workspace's company of that domain, made when missing (not for free-mail, disposable or reserved domains: see `/v1/identity-settings`).
         */
        post: operations["createMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update members in bulk
         * @description Up to 1,000 members, each a body of `POST /v1/members`: one whose `primaryEmail` a member of the workspace has (as its primaryEmail or in its emails, ignoring case) updates that member as a PATCH would (200), else it is created (201); an email held by another member is that item's 409; applied in order as if sent one by one, in one transaction: an item that is invalid answers its error and changes nothing, never failing the others. The body may be up to 16 MiB.
         */
        post: operations["bulkMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a member
         * @description The member with this id, with its engagement (`level`, `pulse`) exact at the time of the call.
         */
        get: operations["getMember"];
        put?: never;
        post?: never;
        /**
         * Delete a member
         * @description Deletes the member and its activities.
         */
        delete: operations["deleteMember"];
        options?: never;
        head?: never;
        /**
         * Update a member
         * @description Changes the fields the body names (omitted: unchanged, `null`: cleared); `companyId` attaches the member to a company of the workspace, or detaches it with `null`. An email another member has is a 409 naming the field and that member (`id`). A new `primaryEmail` attaches a member that has no company to the company of its domain, as on create, unless the body names `companyId`.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/v1/members/{id}/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a member's probable duplicates
         * @description The other members of the workspace that are probably the same person, each with its reasons: `email` (an email of one is an email of the other, ignoring case, and for gmail.com and googlemail.com dots and `+tags`), `nameAndCompany` (the same full name and the same company), `name` (the same full name, both firstName and lastName set, ignoring case, accents and spaces; not listed beside `nameAndCompany`). At most 100, the strongest reason first, then createdAt desc, id desc; members excluded from engagement are listed too. Each member as `GET /v1/members/{id}` answers it.
         */
        get: operations["listMemberDuplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List activities
         * @description A page of the workspace's activities, newest first (`createdAt` desc, then `id` desc). Filters (`memberId`, `channelId`, `activityTypeKey`, `source` exact; `since` and `until` bound `createdAt`, inclusive) combine with AND, and `totalActivities` counts what they match.
         */
        get: operations["listActivities"];
        put?: never;
        /**
         * Create an activity
         * @description Records an activity of a member, named by `memberId` or by `member` (the workspace's member with that `primaryEmail` among its emails, created from `member` when none has it). An activity with an `externalId` is the event of its `source`: when the workspace has an activity with that (source, externalId), it is updated from the body as a PATCH would (200; `createdAt` never moves), else created (201). `activityTypeKey` names a type of the workspace, created on first use; `channelId`, `replyTo`, `reactTo` and `inviteTo` must name records of the workspace (else 400 naming the field); `createdAt` backfills a past activity (never in the future).
         */
        post: operations["createActivity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/activities/member/{memberId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a member's activities
         * @description The member's timeline: the activity list's filters, for the member of the path (404 when the workspace has no such member).
         */
        get: operations["listMemberActivities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/activities/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update activities in bulk
         * @description Up to 1,000 activities, each a body of `POST /v1/activities` with its rules (re-deliveries by (source, externalId) update, members by id or by email), applied in order as if sent one by one, in one transaction: an item that is invalid answers its error and changes nothing, never failing the others. The body may be up to 16 MiB.
         */
        post: operations["bulkActivities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/activities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an activity
         * @description The activity with this id.
         */
        get: operations["getActivity"];
        put?: never;
        post?: never;
        /**
         * Delete an activity
         * @description Deletes the activity; its member's derived values follow at once.
         */
        delete: operations["deleteActivity"];
        options?: never;
        head?: never;
        /**
         * Update an activity
         * @description Changes the fields the body names (omitted: unchanged, `null`: cleared); `activityTypeKey` moves the activity to that type. The member's derived values follow at once. An `externalId` another activity of the same source has is a 409 naming it.
         */
        patch: operations["updateActivity"];
        trace?: never;
    };
    "/v1/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List channels
         * @description A page of the workspace's channels, newest first. `q` is a case-insensitive prefix of the name, `source` an exact source.
         */
        get: operations["listChannels"];
        put?: never;
        /**
         * Create a channel
         * @description Creates a channel: `name` is required, `source` defaults to `"Api"`. A channel with an `externalId` is the one of its `source`: when the workspace has a channel with that (source, externalId), it is updated from the body as a PATCH would (200), else created (201).
         */
        post: operations["createChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update channels in bulk
         * @description Up to 1,000 channels, each a body of `POST /v1/channels` (matched by (source, externalId) when it has an `externalId`: updated, 200; else created, 201), applied in order as if sent one by one, in one transaction: an item that is invalid answers its error and changes nothing, never failing the others. The body may be up to 16 MiB.
         */
        post: operations["bulkChannels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a channel
         * @description The channel with this id, as a single object.
         */
        get: operations["getChannel"];
        put?: never;
        post?: never;
        /**
         * Delete a channel
         * @description Deletes the channel; its activities stay, with `channelId` null.
         */
        delete: operations["deleteChannel"];
        options?: never;
        head?: never;
        /**
         * Update a channel
         * @description Changes `name` and `externalId` (one another channel of the same source has is a 409 naming it). The answer holds the channel in an array of one, as the specification says.
         */
        patch: operations["updateChannel"];
        trace?: never;
    };
    "/v1/activity-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List activity types
         * @description A page of the workspace's activity types, by `key` ascending. `q` is a case-insensitive prefix of the key.
         */
        get: operations["listActivityTypes"];
        put?: never;
        /**
         * Create an activity type
         * @description Creates a type with its points: `key` is required, `name` defaults to the key, `points` to 1, `channelPoints` to none. Each override names a channel of the workspace, at most once (else 400). A key the workspace already has is a 409 whose `details` name the existing type (`id`).
         */
        post: operations["createActivityType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/activity-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an activity type
         * @description The activity type with this id, with its points and per-channel overrides.
         */
        get: operations["getActivityType"];
        put?: never;
        post?: never;
        /**
         * Delete an activity type
         * @description Deletes a type no activity uses; while activities use it, a 409.
         */
        delete: operations["deleteActivityType"];
        options?: never;
        head?: never;
        /**
         * Update an activity type
         * @description Changes `name`, `points` and `channelPoints` (the list replaces the previous one); `key` cannot change. Every member's pulse and level follow the new points by the time the answer is sent.
         */
        patch: operations["updateActivityType"];
        trace?: never;
    };
    "/v1/engagement-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the engagement settings
         * @description The pulse at which each level from 1 to 12 starts in this workspace (until set: 1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300).
         */
        get: operations["getEngagementSettings"];
        /**
         * Set the engagement settings
         * @description Replaces the level thresholds: exactly 12 strictly ascending integers from 1 up. Every member's level, and the member list's `minLevel`, follow them by the time the answer is sent.
         */
        put: operations["setEngagementSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{id}/engagement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Explain a member's engagement
         * @description The member's pulse and level now, the 90-day window they were computed on, and per activity type with activities in it how many and the points they gave (by points descending, then key). An excluded member shows pulse and level 0, and the breakdown of the pulse it would have.
         */
        get: operations["getMemberEngagement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Exclude or include a member
         * @description `excluded: true` leaves a member (staff, a bot) out of engagement: pulse and level 0 in its record, every list, sort and `minLevel`, until `excluded: false` brings its exact pulse back. Answers as the GET does.
         */
        patch: operations["updateMemberEngagement"];
        trace?: never;
    };
    "/v1/identity-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the identity settings
         * @description Whether members are attached to the company of their primary email's domain (`autoCompanies`, until set: true), and the domains this workspace treats as free-mail besides the shipped list (until set: none).
         */
        get: operations["getIdentitySettings"];
        /**
         * Set the identity settings
         * @description Replaces both settings. `freeMailDomains`: up to 1,000 domain names, normalised as company domains are (`https://www.Mail.Example.net/` is `mail.example.net`) and de-duplicated in order; members and companies of these domains are not attached to each other from then on. `autoCompanies: false` stops both making companies from members' emails and attaching members to companies by domain.
         */
        put: operations["setIdentitySettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a member into this one
         * @description Merges the member `memberId` names into this one, in one transaction: its activities move over, `emails`, `phones` and `tags` are unioned (this member's first, order kept, each once; the other's `primaryEmail` joins `emails`), this member's empty fields (`primaryEmail` and `companyId` included) are filled from the other, `firstActivity`, `lastActivity`, `pulse` and `level` cover both, and the other member is gone (404). The answer's `merge` can be undone for 30 days.
         */
        post: operations["mergeMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merges/{mergeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a merge
         * @description A merge of the workspace that has not been undone (one undone is gone: 404).
         */
        get: operations["getMerge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merges/{mergeId}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a merge
         * @description Restores both members exactly as they were before the merge: every field and derived value, and which activities belonged to whom (those created for the kept member since stay with it). Refused with a 409 saying why when it can no longer be exact: the kept member was deleted, merged again or edited since; an activity the merge moved was edited, moved or deleted since; the merged member's company was deleted; either member was erased; or the merge is older than 30 days. Never a partial undo.
         */
        post: operations["undoMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description One problem of a bad request, or the rule a conflicting write would break */
        ErrorDetail: {
            /** @description Where the problem is: a field (`name`, `emails.1`), a query parameter, or `body` */
            field: string;
            /** @description What is wrong with it */
            message: string;
            /**
             * Format: uuid
             * @description The record in the way, for a conflict
             */
            id?: string;
        };
        /** @description Every error answer: a code, its fixed message, and sometimes details */
        Error: {
            /** @description BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED, INTERNAL or UNAVAILABLE */
            code: string;
            /** @description The fixed message of the code */
            error: string;
            /** @description What was wrong: for a 400, every problem found in the body or the query, one per field, at most 20; for a 409, the rule the write would break and the record in the way */
            details?: components["schemas"]["ErrorDetail"][];
        };
        /**
         * @description The record was deleted
         * @example {
         *       "success": true
         *     }
         */
        Success: {
            success: boolean;
        };
        /**
         * @description A company of the workspace
         * @example {
         *       "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *       "name": "Acme",
         *       "industry": "Software",
         *       "address": "1 Main Street, Springfield",
         *       "domain": "acme.com",
         *       "employees": 40,
         *       "foundedAt": "2015-03-01T00:00:00Z",
         *       "logoUrl": "https://acme.com/logo.png",
         *       "tags": [
         *         "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
         *       ],
         *       "source": "Api",
         *       "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *       "createdAt": "2026-01-05T09:30:00Z",
         *       "updatedAt": "2026-01-06T14:02:11Z"
         *     }
         */
        Company: {
            id: string;
            name: string;
            industry: string | null;
            address: string | null;
            domain: string | null;
            employees: number | null;
            foundedAt: string | null;
            logoUrl: string | null;
            tags: string[];
            source: string;
            workspaceId: string;
            createdAt: string;
            updatedAt: string;
        };
        /**
         * @description The company
         * @example {
         *       "company": {
         *         "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *         "name": "Acme",
         *         "industry": "Software",
         *         "address": "1 Main Street, Springfield",
         *         "domain": "acme.com",
         *         "employees": 40,
         *         "foundedAt": "2015-03-01T00:00:00Z",
         *         "logoUrl": "https://acme.com/logo.png",
         *         "tags": [
         *           "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
         *         ],
         *         "source": "Api",
         *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *         "createdAt": "2026-01-05T09:30:00Z",
         *         "updatedAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        CompanyBody: {
            company: components["schemas"]["Company"];
        };
        /**
         * @description A page of companies and the total the filters match
         * @example {
         *       "page": 1,
         *       "pageSize": 10,
         *       "totalCompanies": 1,
         *       "companies": [
         *         {
         *           "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *           "name": "Acme",
         *           "industry": "Software",
         *           "address": "1 Main Street, Springfield",
         *           "domain": "acme.com",
         *           "employees": 40,
         *           "foundedAt": "2015-03-01T00:00:00Z",
         *           "logoUrl": "https://acme.com/logo.png",
         *           "tags": [
         *             "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
         *           ],
         *           "source": "Api",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        CompanyPage: {
            page: number;
            pageSize: number;
            totalCompanies: number;
            companies: components["schemas"]["Company"][];
        };
        /**
         * @description A member of the workspace; level, pulse, firstActivity and lastActivity derive from its activities
         * @example {
         *       "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *       "firstName": "Ada",
         *       "lastName": "Lovelace",
         *       "primaryEmail": "ada@acme.com",
         *       "emails": [
         *         "ada@acme.com",
         *         "ada.lovelace@mail.acme.com"
         *       ],
         *       "phones": [
         *         "+44 20 7946 0000"
         *       ],
         *       "jobTitle": "CTO",
         *       "avatarUrl": "https://acme.com/ada.png",
         *       "language": "en",
         *       "country": "GB",
         *       "tags": [],
         *       "level": 3,
         *       "pulse": 42,
         *       "source": "Api",
         *       "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *       "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *       "firstActivity": "2025-11-02T08:15:00Z",
         *       "lastActivity": "2026-01-05T09:30:00Z",
         *       "createdAt": "2026-01-05T09:30:00Z",
         *       "updatedAt": "2026-01-06T14:02:11Z"
         *     }
         */
        Member: {
            id: string;
            firstName: string | null;
            lastName: string | null;
            primaryEmail: string | null;
            emails: string[];
            phones: string[];
            jobTitle: string | null;
            avatarUrl: string | null;
            language: string | null;
            country: string | null;
            tags: string[];
            level: number;
            pulse: number;
            source: string;
            companyId: string | null;
            workspaceId: string;
            firstActivity: string | null;
            lastActivity: string | null;
            createdAt: string;
            updatedAt: string;
        };
        /**
         * @description The member
         * @example {
         *       "member": {
         *         "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *         "firstName": "Ada",
         *         "lastName": "Lovelace",
         *         "primaryEmail": "ada@acme.com",
         *         "emails": [
         *           "ada@acme.com",
         *           "ada.lovelace@mail.acme.com"
         *         ],
         *         "phones": [
         *           "+44 20 7946 0000"
         *         ],
         *         "jobTitle": "CTO",
         *         "avatarUrl": "https://acme.com/ada.png",
         *         "language": "en",
         *         "country": "GB",
         *         "tags": [],
         *         "level": 3,
         *         "pulse": 42,
         *         "source": "Api",
         *         "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *         "firstActivity": "2025-11-02T08:15:00Z",
         *         "lastActivity": "2026-01-05T09:30:00Z",
         *         "createdAt": "2026-01-05T09:30:00Z",
         *         "updatedAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        MemberBody: {
            member: components["schemas"]["Member"];
        };
        /**
         * @description A page of members and the total the filters match
         * @example {
         *       "page": 1,
         *       "pageSize": 10,
         *       "totalMembers": 1,
         *       "members": [
         *         {
         *           "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *           "firstName": "Ada",
         *           "lastName": "Lovelace",
         *           "primaryEmail": "ada@acme.com",
         *           "emails": [
         *             "ada@acme.com",
         *             "ada.lovelace@mail.acme.com"
         *           ],
         *           "phones": [
         *             "+44 20 7946 0000"
         *           ],
         *           "jobTitle": "CTO",
         *           "avatarUrl": "https://acme.com/ada.png",
         *           "language": "en",
         *           "country": "GB",
         *           "tags": [],
         *           "level": 3,
         *           "pulse": 42,
         *           "source": "Api",
         *           "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "firstActivity": "2025-11-02T08:15:00Z",
         *           "lastActivity": "2026-01-05T09:30:00Z",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        MemberPage: {
            page: number;
            pageSize: number;
            totalMembers: number;
            members: components["schemas"]["Member"][];
        };
        /**
         * @description The other members of the workspace that are probably the same person, each with its reasons
         * @example {
         *       "duplicates": [
         *         {
         *           "member": {
         *             "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *             "firstName": "Ada",
         *             "lastName": "Lovelace",
         *             "primaryEmail": "ada@acme.com",
         *             "emails": [
         *               "ada@acme.com",
         *               "ada.lovelace@mail.acme.com"
         *             ],
         *             "phones": [
         *               "+44 20 7946 0000"
         *             ],
         *             "jobTitle": "CTO",
         *             "avatarUrl": "https://acme.com/ada.png",
         *             "language": "en",
         *             "country": "GB",
         *             "tags": [],
         *             "level": 3,
         *             "pulse": 42,
         *             "source": "Api",
         *             "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *             "firstActivity": "2025-11-02T08:15:00Z",
         *             "lastActivity": "2026-01-05T09:30:00Z",
         *             "createdAt": "2026-01-05T09:30:00Z",
         *             "updatedAt": "2026-01-06T14:02:11Z"
         *           },
         *           "reasons": [
         *             "email",
         *             "nameAndCompany"
         *           ]
         *         }
         *       ]
         *     }
         */
        MemberDuplicates: {
            /** @description At most 100: the strongest reason first (email, nameAndCompany, name), then the newest */
            duplicates: {
                member: components["schemas"]["Member"];
                /** @description `email`: an email of each is the same mailbox (ignoring case, and for gmail.com and googlemail.com dots and `+tags`); `nameAndCompany`: the same full name and company; `name`: the same full name (ignoring case, accents and spaces), listed only without `nameAndCompany` */
                reasons: ("email" | "nameAndCompany" | "name")[];
            }[];
        };
        /**
         * @description Something a member did: a message, a reaction, a visit
         * @example {
         *       "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
         *       "externalId": "msg-7731",
         *       "title": "Hello",
         *       "message": "Glad to be here!",
         *       "replyTo": null,
         *       "reactTo": null,
         *       "inviteTo": null,
         *       "source": "discord",
         *       "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
         *       "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *       "eventId": null,
         *       "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *       "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *       "createdAt": "2026-01-05T09:30:00Z",
         *       "updatedAt": "2026-01-06T14:02:11Z"
         *     }
         */
        Activity: {
            id: string;
            externalId: string | null;
            title: string | null;
            message: string | null;
            replyTo: string | null;
            reactTo: string | null;
            inviteTo: string | null;
            source: string;
            activityTypeId: string;
            channelId: string | null;
            eventId: string | null;
            memberId: string;
            workspaceId: string;
            createdAt: string;
            updatedAt: string;
        };
        /**
         * @description The activity
         * @example {
         *       "activity": {
         *         "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
         *         "externalId": "msg-7731",
         *         "title": "Hello",
         *         "message": "Glad to be here!",
         *         "replyTo": null,
         *         "reactTo": null,
         *         "inviteTo": null,
         *         "source": "discord",
         *         "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
         *         "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *         "eventId": null,
         *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *         "createdAt": "2026-01-05T09:30:00Z",
         *         "updatedAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        ActivityBody: {
            activity: components["schemas"]["Activity"];
        };
        /**
         * @description A page of activities, newest first, and the total the filters match
         * @example {
         *       "page": 1,
         *       "pageSize": 10,
         *       "totalActivities": 1,
         *       "activities": [
         *         {
         *           "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
         *           "externalId": "msg-7731",
         *           "title": "Hello",
         *           "message": "Glad to be here!",
         *           "replyTo": null,
         *           "reactTo": null,
         *           "inviteTo": null,
         *           "source": "discord",
         *           "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
         *           "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *           "eventId": null,
         *           "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        ActivityPage: {
            page: number;
            pageSize: number;
            totalActivities: number;
            activities: components["schemas"]["Activity"][];
        };
        /**
         * @description A channel activities happen in (a forum, a chat room, a repository)
         * @example {
         *       "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *       "externalId": "1180012345678901234",
         *       "name": "general",
         *       "source": "discord",
         *       "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *       "createdAt": "2026-01-05T09:30:00Z",
         *       "updatedAt": "2026-01-06T14:02:11Z"
         *     }
         */
        Channel: {
            id: string;
            externalId: string | null;
            name: string;
            source: string;
            workspaceId: string;
            createdAt: string;
            updatedAt: string;
        };
        /**
         * @description The channel
         * @example {
         *       "channel": {
         *         "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *         "externalId": "1180012345678901234",
         *         "name": "general",
         *         "source": "discord",
         *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *         "createdAt": "2026-01-05T09:30:00Z",
         *         "updatedAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        ChannelBody: {
            channel: components["schemas"]["Channel"];
        };
        /**
         * @description The updated channel, as an array of one (the spec says so)
         * @example {
         *       "channel": [
         *         {
         *           "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *           "externalId": "1180012345678901234",
         *           "name": "general",
         *           "source": "discord",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        ChannelArrayBody: {
            channel: components["schemas"]["Channel"][];
        };
        /**
         * @description A page of channels and the total the filters match
         * @example {
         *       "page": 1,
         *       "pageSize": 10,
         *       "totalChannels": 1,
         *       "channels": [
         *         {
         *           "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *           "externalId": "1180012345678901234",
         *           "name": "general",
         *           "source": "discord",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        ChannelPage: {
            page: number;
            pageSize: number;
            totalChannels: number;
            channels: components["schemas"]["Channel"][];
        };
        /**
         * @description A kind of activity and the points each one gives (docs/engagement.md); made with 1 point on its key's first use
         * @example {
         *       "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
         *       "key": "message",
         *       "name": "Message",
         *       "points": 6,
         *       "channelPoints": [
         *         {
         *           "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *           "points": 2
         *         }
         *       ],
         *       "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *       "createdAt": "2026-01-05T09:30:00Z",
         *       "updatedAt": "2026-01-06T14:02:11Z"
         *     }
         */
        ActivityType: {
            id: string;
            key: string;
            name: string;
            points: number;
            channelPoints: {
                channelId: string;
                points: number;
            }[];
            workspaceId: string;
            createdAt: string;
            updatedAt: string;
        };
        /**
         * @description The activity type
         * @example {
         *       "activityType": {
         *         "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
         *         "key": "message",
         *         "name": "Message",
         *         "points": 6,
         *         "channelPoints": [
         *           {
         *             "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *             "points": 2
         *           }
         *         ],
         *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *         "createdAt": "2026-01-05T09:30:00Z",
         *         "updatedAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        ActivityTypeBody: {
            activityType: components["schemas"]["ActivityType"];
        };
        /**
         * @description A page of activity types, by key, and the total the filters match
         * @example {
         *       "page": 1,
         *       "pageSize": 10,
         *       "totalActivityTypes": 1,
         *       "activityTypes": [
         *         {
         *           "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
         *           "key": "message",
         *           "name": "Message",
         *           "points": 6,
         *           "channelPoints": [
         *             {
         *               "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *               "points": 2
         *             }
         *           ],
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        ActivityTypePage: {
            page: number;
            pageSize: number;
            totalActivityTypes: number;
            activityTypes: components["schemas"]["ActivityType"][];
        };
        /**
         * @description How pulse maps to level in this workspace
         * @example {
         *       "levelThresholds": [
         *         1,
         *         5,
         *         10,
         *         20,
         *         40,
         *         80,
         *         150,
         *         250,
         *         400,
         *         600,
         *         900,
         *         1300
         *       ]
         *     }
         */
        EngagementSettings: {
            /** @description The least pulse of levels 1 to 12 */
            levelThresholds: number[];
        };
        /**
         * @description The workspace's engagement settings
         * @example {
         *       "engagementSettings": {
         *         "levelThresholds": [
         *           1,
         *           5,
         *           10,
         *           20,
         *           40,
         *           80,
         *           150,
         *           250,
         *           400,
         *           600,
         *           900,
         *           1300
         *         ]
         *       }
         *     }
         */
        EngagementSettingsBody: {
            engagementSettings: components["schemas"]["EngagementSettings"];
        };
        /**
         * @description A member's pulse and level, and where they come from
         * @example {
         *       "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *       "pulse": 42,
         *       "level": 5,
         *       "excluded": false,
         *       "windowStart": "2025-10-07T09:30:00Z",
         *       "windowEnd": "2026-01-05T09:30:00Z",
         *       "breakdown": [
         *         {
         *           "activityTypeId": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
         *           "activityTypeKey": "message",
         *           "activities": 6,
         *           "points": 36
         *         },
         *         {
         *           "activityTypeId": "5c1d9e7f-3b2a-4c6d-8e0f-1a2b3c4d5e6f",
         *           "activityTypeKey": "reaction",
         *           "activities": 6,
         *           "points": 6
         *         }
         *       ]
         *     }
         */
        Engagement: {
            memberId: string;
            pulse: number;
            level: number;
            excluded: boolean;
            /** @description Activities created after this instant count */
            windowStart: string;
            /** @description The moment of the answer: activities created up to it count */
            windowEnd: string;
            /** @description Per type with activities in the window: how many, and the points they gave; by points, then key */
            breakdown: {
                activityTypeId: string;
                activityTypeKey: string;
                activities: number;
                points: number;
            }[];
        };
        /**
         * @description The member's engagement
         * @example {
         *       "engagement": {
         *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *         "pulse": 42,
         *         "level": 5,
         *         "excluded": false,
         *         "windowStart": "2025-10-07T09:30:00Z",
         *         "windowEnd": "2026-01-05T09:30:00Z",
         *         "breakdown": [
         *           {
         *             "activityTypeId": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
         *             "activityTypeKey": "message",
         *             "activities": 6,
         *             "points": 36
         *           },
         *           {
         *             "activityTypeId": "5c1d9e7f-3b2a-4c6d-8e0f-1a2b3c4d5e6f",
         *             "activityTypeKey": "reaction",
         *             "activities": 6,
         *             "points": 6
         *           }
         *         ]
         *       }
         *     }
         */
        EngagementBody: {
            engagement: components["schemas"]["Engagement"];
        };
        /**
         * @description How this workspace finds its members' companies
         * @example {
         *       "autoCompanies": true,
         *       "freeMailDomains": [
         *         "mail.acme-isp.net"
         *       ]
         *     }
         */
        IdentitySettings: {
            /** @description Whether members are attached to (and make) the company of their email's domain */
            autoCompanies: boolean;
            /** @description Domains this workspace treats as free-mail besides the shipped list: they make and attach no company; normalised */
            freeMailDomains: string[];
        };
        /**
         * @description The workspace's identity settings
         * @example {
         *       "identitySettings": {
         *         "autoCompanies": true,
         *         "freeMailDomains": [
         *           "mail.acme-isp.net"
         *         ]
         *       }
         *     }
         */
        IdentitySettingsBody: {
            identitySettings: components["schemas"]["IdentitySettings"];
        };
        /**
         * @description A merge of one member into another, which can be undone for 30 days
         * @example {
         *       "id": "7a9c1e3f-5b2d-4f6a-8c0e-2d4f6a8b0c1e",
         *       "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *       "mergedMemberId": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
         *       "createdAt": "2026-01-06T14:02:11Z"
         *     }
         */
        Merge: {
            id: string;
            /** @description The member kept */
            memberId: string;
            /** @description The member merged into it, gone until the merge is undone */
            mergedMemberId: string;
            createdAt: string;
        };
        /**
         * @description The kept member after the merge, and the merge
         * @example {
         *       "member": {
         *         "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *         "firstName": "Ada",
         *         "lastName": "Lovelace",
         *         "primaryEmail": "ada@acme.com",
         *         "emails": [
         *           "ada@acme.com",
         *           "ada.lovelace@mail.acme.com"
         *         ],
         *         "phones": [
         *           "+44 20 7946 0000"
         *         ],
         *         "jobTitle": "CTO",
         *         "avatarUrl": "https://acme.com/ada.png",
         *         "language": "en",
         *         "country": "GB",
         *         "tags": [],
         *         "level": 3,
         *         "pulse": 42,
         *         "source": "Api",
         *         "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *         "firstActivity": "2025-11-02T08:15:00Z",
         *         "lastActivity": "2026-01-05T09:30:00Z",
         *         "createdAt": "2026-01-05T09:30:00Z",
         *         "updatedAt": "2026-01-06T14:02:11Z"
         *       },
         *       "merge": {
         *         "id": "7a9c1e3f-5b2d-4f6a-8c0e-2d4f6a8b0c1e",
         *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *         "mergedMemberId": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
         *         "createdAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        MemberMergeBody: {
            member: components["schemas"]["Member"];
            merge: components["schemas"]["Merge"];
        };
        /**
         * @description The merge
         * @example {
         *       "merge": {
         *         "id": "7a9c1e3f-5b2d-4f6a-8c0e-2d4f6a8b0c1e",
         *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *         "mergedMemberId": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
         *         "createdAt": "2026-01-06T14:02:11Z"
         *       }
         *     }
         */
        MergeBody: {
            merge: components["schemas"]["Merge"];
        };
        /**
         * @description Both members as they were before the merge: the kept one, then the restored one
         * @example {
         *       "members": [
         *         {
         *           "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *           "firstName": "Ada",
         *           "lastName": "Lovelace",
         *           "primaryEmail": "ada@acme.com",
         *           "emails": [
         *             "ada@acme.com",
         *             "ada.lovelace@mail.acme.com"
         *           ],
         *           "phones": [
         *             "+44 20 7946 0000"
         *           ],
         *           "jobTitle": "CTO",
         *           "avatarUrl": "https://acme.com/ada.png",
         *           "language": "en",
         *           "country": "GB",
         *           "tags": [],
         *           "level": 3,
         *           "pulse": 42,
         *           "source": "Api",
         *           "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "firstActivity": "2025-11-02T08:15:00Z",
         *           "lastActivity": "2026-01-05T09:30:00Z",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         },
         *         {
         *           "id": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
         *           "firstName": "Ada",
         *           "lastName": "Lovelace",
         *           "primaryEmail": "ada@acme.com",
         *           "emails": [
         *             "ada@acme.com",
         *             "ada.lovelace@mail.acme.com"
         *           ],
         *           "phones": [
         *             "+44 20 7946 0000"
         *           ],
         *           "jobTitle": "CTO",
         *           "avatarUrl": "https://acme.com/ada.png",
         *           "language": "en",
         *           "country": "GB",
         *           "tags": [],
         *           "level": 3,
         *           "pulse": 42,
         *           "source": "Api",
         *           "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *           "firstActivity": "2025-11-02T08:15:00Z",
         *           "lastActivity": "2026-01-05T09:30:00Z",
         *           "createdAt": "2026-01-05T09:30:00Z",
         *           "updatedAt": "2026-01-06T14:02:11Z"
         *         }
         *       ]
         *     }
         */
        MergeUndoneBody: {
            members: components["schemas"]["Member"][];
        };
        /**
         * @description One result per item, in the order of the request
         * @example {
         *       "results": [
         *         {
         *           "index": 0,
         *           "status": 201,
         *           "activity": {
         *             "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
         *             "externalId": "msg-7731",
         *             "title": "Hello",
         *             "message": "Glad to be here!",
         *             "replyTo": null,
         *             "reactTo": null,
         *             "inviteTo": null,
         *             "source": "discord",
         *             "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
         *             "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *             "eventId": null,
         *             "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *             "createdAt": "2026-01-05T09:30:00Z",
         *             "updatedAt": "2026-01-06T14:02:11Z"
         *           }
         *         },
         *         {
         *           "index": 1,
         *           "status": 400,
         *           "error": {
         *             "code": "BAD_REQUEST",
         *             "error": "Invalid request",
         *             "details": [
         *               {
         *                 "field": "name",
         *                 "message": "is required"
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        ActivityBulkResults: {
            results: {
                /** @description The item's place in the request, from 0 */
                index: number;
                /** @description What the item alone would have answered: 201 created, 200 updated, or its 4xx */
                status: number;
                activity?: components["schemas"]["Activity"];
                error?: components["schemas"]["Error"];
            }[];
        };
        /**
         * @description One result per item, in the order of the request
         * @example {
         *       "results": [
         *         {
         *           "index": 0,
         *           "status": 201,
         *           "member": {
         *             "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
         *             "firstName": "Ada",
         *             "lastName": "Lovelace",
         *             "primaryEmail": "ada@acme.com",
         *             "emails": [
         *               "ada@acme.com",
         *               "ada.lovelace@mail.acme.com"
         *             ],
         *             "phones": [
         *               "+44 20 7946 0000"
         *             ],
         *             "jobTitle": "CTO",
         *             "avatarUrl": "https://acme.com/ada.png",
         *             "language": "en",
         *             "country": "GB",
         *             "tags": [],
         *             "level": 3,
         *             "pulse": 42,
         *             "source": "Api",
         *             "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *             "firstActivity": "2025-11-02T08:15:00Z",
         *             "lastActivity": "2026-01-05T09:30:00Z",
         *             "createdAt": "2026-01-05T09:30:00Z",
         *             "updatedAt": "2026-01-06T14:02:11Z"
         *           }
         *         },
         *         {
         *           "index": 1,
         *           "status": 400,
         *           "error": {
         *             "code": "BAD_REQUEST",
         *             "error": "Invalid request",
         *             "details": [
         *               {
         *                 "field": "name",
         *                 "message": "is required"
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        MemberBulkResults: {
            results: {
                /** @description The item's place in the request, from 0 */
                index: number;
                /** @description What the item alone would have answered: 201 created, 200 updated, or its 4xx */
                status: number;
                member?: components["schemas"]["Member"];
                error?: components["schemas"]["Error"];
            }[];
        };
        /**
         * @description One result per item, in the order of the request
         * @example {
         *       "results": [
         *         {
         *           "index": 0,
         *           "status": 201,
         *           "company": {
         *             "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
         *             "name": "Acme",
         *             "industry": "Software",
         *             "address": "1 Main Street, Springfield",
         *             "domain": "acme.com",
         *             "employees": 40,
         *             "foundedAt": "2015-03-01T00:00:00Z",
         *             "logoUrl": "https://acme.com/logo.png",
         *             "tags": [
         *               "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
         *             ],
         *             "source": "Api",
         *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *             "createdAt": "2026-01-05T09:30:00Z",
         *             "updatedAt": "2026-01-06T14:02:11Z"
         *           }
         *         },
         *         {
         *           "index": 1,
         *           "status": 400,
         *           "error": {
         *             "code": "BAD_REQUEST",
         *             "error": "Invalid request",
         *             "details": [
         *               {
         *                 "field": "name",
         *                 "message": "is required"
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        CompanyBulkResults: {
            results: {
                /** @description The item's place in the request, from 0 */
                index: number;
                /** @description What the item alone would have answered: 201 created, 200 updated, or its 4xx */
                status: number;
                company?: components["schemas"]["Company"];
                error?: components["schemas"]["Error"];
            }[];
        };
        /**
         * @description One result per item, in the order of the request
         * @example {
         *       "results": [
         *         {
         *           "index": 0,
         *           "status": 201,
         *           "channel": {
         *             "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
         *             "externalId": "1180012345678901234",
         *             "name": "general",
         *             "source": "discord",
         *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
         *             "createdAt": "2026-01-05T09:30:00Z",
         *             "updatedAt": "2026-01-06T14:02:11Z"
         *           }
         *         },
         *         {
         *           "index": 1,
         *           "status": 400,
         *           "error": {
         *             "code": "BAD_REQUEST",
         *             "error": "Invalid request",
         *             "details": [
         *               {
         *                 "field": "name",
         *                 "message": "is required"
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        ChannelBulkResults: {
            results: {
                /** @description The item's place in the request, from 0 */
                index: number;
                /** @description What the item alone would have answered: 201 created, 200 updated, or its 4xx */
                status: number;
                channel?: components["schemas"]["Channel"];
                error?: components["schemas"]["Error"];
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description The database does not answer, or has no room for writes */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCompanies: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                q?: string;
                domain?: string;
                tag?: string;
                sort?: "createdAt" | "-createdAt" | "name" | "-name";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of companies and the total the filters match */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": 1,
                     *       "pageSize": 10,
                     *       "totalCompanies": 1,
                     *       "companies": [
                     *         {
                     *           "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *           "name": "Acme",
                     *           "industry": "Software",
                     *           "address": "1 Main Street, Springfield",
                     *           "domain": "acme.com",
                     *           "employees": 40,
                     *           "foundedAt": "2015-03-01T00:00:00Z",
                     *           "logoUrl": "https://acme.com/logo.png",
                     *           "tags": [
                     *             "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
                     *           ],
                     *           "source": "Api",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyPage"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme",
                 *       "industry": "Software",
                 *       "domain": "https://www.acme.com/",
                 *       "employees": 40,
                 *       "tags": []
                 *     }
                 */
                "application/json": {
                    name: string;
                    industry?: string | null;
                    address?: string | null;
                    domain?: string | null;
                    employees?: number | null;
                    /** Format: date-time */
                    foundedAt?: string | null;
                    /** Format: uri */
                    logoUrl?: string | null;
                    tags?: string[] | null;
                };
            };
        };
        responses: {
            /** @description The company */
            201: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "company": {
                     *         "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "name": "Acme",
                     *         "industry": "Software",
                     *         "address": "1 Main Street, Springfield",
                     *         "domain": "acme.com",
                     *         "employees": 40,
                     *         "foundedAt": "2015-03-01T00:00:00Z",
                     *         "logoUrl": "https://acme.com/logo.png",
                     *         "tags": [
                     *           "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
                     *         ],
                     *         "source": "Api",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkCompanies: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "companies": [
                 *         {
                 *           "name": "Acme",
                 *           "industry": "Software",
                 *           "domain": "https://www.acme.com/",
                 *           "employees": 40,
                 *           "tags": []
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 1000 items, applied in order, as if sent one by one */
                    companies: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per item, in the order of the request */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "status": 201,
                     *           "company": {
                     *             "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *             "name": "Acme",
                     *             "industry": "Software",
                     *             "address": "1 Main Street, Springfield",
                     *             "domain": "acme.com",
                     *             "employees": 40,
                     *             "foundedAt": "2015-03-01T00:00:00Z",
                     *             "logoUrl": "https://acme.com/logo.png",
                     *             "tags": [
                     *               "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
                     *             ],
                     *             "source": "Api",
                     *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *             "createdAt": "2026-01-05T09:30:00Z",
                     *             "updatedAt": "2026-01-06T14:02:11Z"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": 400,
                     *           "error": {
                     *             "code": "BAD_REQUEST",
                     *             "error": "Invalid request",
                     *             "details": [
                     *               {
                     *                 "field": "name",
                     *                 "message": "is required"
                     *               }
                     *             ]
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyBulkResults"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "company": {
                     *         "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "name": "Acme",
                     *         "industry": "Software",
                     *         "address": "1 Main Street, Springfield",
                     *         "domain": "acme.com",
                     *         "employees": 40,
                     *         "foundedAt": "2015-03-01T00:00:00Z",
                     *         "logoUrl": "https://acme.com/logo.png",
                     *         "tags": [
                     *           "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
                     *         ],
                     *         "source": "Api",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record was deleted */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "industry": "Hardware",
                 *       "address": null
                 *     }
                 */
                "application/json": {
                    name?: string;
                    industry?: string | null;
                    address?: string | null;
                    domain?: string | null;
                    employees?: number | null;
                    /** Format: date-time */
                    foundedAt?: string | null;
                    /** Format: uri */
                    logoUrl?: string | null;
                    tags?: string[] | null;
                };
            };
        };
        responses: {
            /** @description The company */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "company": {
                     *         "id": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "name": "Acme",
                     *         "industry": "Software",
                     *         "address": "1 Main Street, Springfield",
                     *         "domain": "acme.com",
                     *         "employees": 40,
                     *         "foundedAt": "2015-03-01T00:00:00Z",
                     *         "logoUrl": "https://acme.com/logo.png",
                     *         "tags": [
                     *           "5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35"
                     *         ],
                     *         "source": "Api",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                q?: string;
                email?: string;
                companyId?: string;
                tag?: string;
                minLevel?: number;
                activeSince?: string;
                activeUntil?: string;
                sort?: "createdAt" | "-createdAt" | "lastActivity" | "-lastActivity" | "pulse" | "-pulse";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members and the total the filters match */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": 1,
                     *       "pageSize": 10,
                     *       "totalMembers": 1,
                     *       "members": [
                     *         {
                     *           "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *           "firstName": "Ada",
                     *           "lastName": "Lovelace",
                     *           "primaryEmail": "ada@acme.com",
                     *           "emails": [
                     *             "ada@acme.com",
                     *             "ada.lovelace@mail.acme.com"
                     *           ],
                     *           "phones": [
                     *             "+44 20 7946 0000"
                     *           ],
                     *           "jobTitle": "CTO",
                     *           "avatarUrl": "https://acme.com/ada.png",
                     *           "language": "en",
                     *           "country": "GB",
                     *           "tags": [],
                     *           "level": 3,
                     *           "pulse": 42,
                     *           "source": "Api",
                     *           "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "firstActivity": "2025-11-02T08:15:00Z",
                     *           "lastActivity": "2026-01-05T09:30:00Z",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MemberPage"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "firstName": "Ada",
                 *       "lastName": "Lovelace",
                 *       "primaryEmail": "ada@acme.com",
                 *       "linkedinUrl": "https://linkedin.com/in/ada"
                 *     }
                 */
                "application/json": {
                    firstName?: string | null;
                    lastName?: string | null;
                    /** Format: email */
                    primaryEmail?: string | null;
                    emails?: string[] | null;
                    phones?: string[] | null;
                    jobTitle?: string | null;
                    /** Format: uri */
                    avatarUrl?: string | null;
                    country?: string | null;
                    language?: string | null;
                    tags?: string[] | null;
                    /** Format: uri */
                    linkedinUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description The member */
            201: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "member": {
                     *         "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "firstName": "Ada",
                     *         "lastName": "Lovelace",
                     *         "primaryEmail": "ada@acme.com",
                     *         "emails": [
                     *           "ada@acme.com",
                     *           "ada.lovelace@mail.acme.com"
                     *         ],
                     *         "phones": [
                     *           "+44 20 7946 0000"
                     *         ],
                     *         "jobTitle": "CTO",
                     *         "avatarUrl": "https://acme.com/ada.png",
                     *         "language": "en",
                     *         "country": "GB",
                     *         "tags": [],
                     *         "level": 3,
                     *         "pulse": 42,
                     *         "source": "Api",
                     *         "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "firstActivity": "2025-11-02T08:15:00Z",
                     *         "lastActivity": "2026-01-05T09:30:00Z",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MemberBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "members": [
                 *         {
                 *           "firstName": "Ada",
                 *           "lastName": "Lovelace",
                 *           "primaryEmail": "ada@acme.com",
                 *           "linkedinUrl": "https://linkedin.com/in/ada"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 1000 items, applied in order, as if sent one by one */
                    members: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per item, in the order of the request */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "status": 201,
                     *           "member": {
                     *             "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *             "firstName": "Ada",
                     *             "lastName": "Lovelace",
                     *             "primaryEmail": "ada@acme.com",
                     *             "emails": [
                     *               "ada@acme.com",
                     *               "ada.lovelace@mail.acme.com"
                     *             ],
                     *             "phones": [
                     *               "+44 20 7946 0000"
                     *             ],
                     *             "jobTitle": "CTO",
                     *             "avatarUrl": "https://acme.com/ada.png",
                     *             "language": "en",
                     *             "country": "GB",
                     *             "tags": [],
                     *             "level": 3,
                     *             "pulse": 42,
                     *             "source": "Api",
                     *             "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *             "firstActivity": "2025-11-02T08:15:00Z",
                     *             "lastActivity": "2026-01-05T09:30:00Z",
                     *             "createdAt": "2026-01-05T09:30:00Z",
                     *             "updatedAt": "2026-01-06T14:02:11Z"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": 400,
                     *           "error": {
                     *             "code": "BAD_REQUEST",
                     *             "error": "Invalid request",
                     *             "details": [
                     *               {
                     *                 "field": "name",
                     *                 "message": "is required"
                     *               }
                     *             ]
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MemberBulkResults"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "member": {
                     *         "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "firstName": "Ada",
                     *         "lastName": "Lovelace",
                     *         "primaryEmail": "ada@acme.com",
                     *         "emails": [
                     *           "ada@acme.com",
                     *           "ada.lovelace@mail.acme.com"
                     *         ],
                     *         "phones": [
                     *           "+44 20 7946 0000"
                     *         ],
                     *         "jobTitle": "CTO",
                     *         "avatarUrl": "https://acme.com/ada.png",
                     *         "language": "en",
                     *         "country": "GB",
                     *         "tags": [],
                     *         "level": 3,
                     *         "pulse": 42,
                     *         "source": "Api",
                     *         "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "firstActivity": "2025-11-02T08:15:00Z",
                     *         "lastActivity": "2026-01-05T09:30:00Z",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MemberBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record was deleted */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "jobTitle": "CTO",
                 *       "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                 *       "phones": null
                 *     }
                 */
                "application/json": {
                    firstName?: string | null;
                    lastName?: string | null;
                    /** Format: email */
                    primaryEmail?: string | null;
                    emails?: string[] | null;
                    phones?: string[] | null;
                    jobTitle?: string | null;
                    /** Format: uri */
                    avatarUrl?: string | null;
                    country?: string | null;
                    language?: string | null;
                    tags?: string[] | null;
                    /** Format: uri */
                    linkedinUrl?: string | null;
                    /** Format: uuid */
                    companyId?: string | null;
                };
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "member": {
                     *         "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "firstName": "Ada",
                     *         "lastName": "Lovelace",
                     *         "primaryEmail": "ada@acme.com",
                     *         "emails": [
                     *           "ada@acme.com",
                     *           "ada.lovelace@mail.acme.com"
                     *         ],
                     *         "phones": [
                     *           "+44 20 7946 0000"
                     *         ],
                     *         "jobTitle": "CTO",
                     *         "avatarUrl": "https://acme.com/ada.png",
                     *         "language": "en",
                     *         "country": "GB",
                     *         "tags": [],
                     *         "level": 3,
                     *         "pulse": 42,
                     *         "source": "Api",
                     *         "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "firstActivity": "2025-11-02T08:15:00Z",
                     *         "lastActivity": "2026-01-05T09:30:00Z",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MemberBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMemberDuplicates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The other members of the workspace that are probably the same person, each with its reasons */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "duplicates": [
                     *         {
                     *           "member": {
                     *             "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *             "firstName": "Ada",
                     *             "lastName": "Lovelace",
                     *             "primaryEmail": "ada@acme.com",
                     *             "emails": [
                     *               "ada@acme.com",
                     *               "ada.lovelace@mail.acme.com"
                     *             ],
                     *             "phones": [
                     *               "+44 20 7946 0000"
                     *             ],
                     *             "jobTitle": "CTO",
                     *             "avatarUrl": "https://acme.com/ada.png",
                     *             "language": "en",
                     *             "country": "GB",
                     *             "tags": [],
                     *             "level": 3,
                     *             "pulse": 42,
                     *             "source": "Api",
                     *             "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *             "firstActivity": "2025-11-02T08:15:00Z",
                     *             "lastActivity": "2026-01-05T09:30:00Z",
                     *             "createdAt": "2026-01-05T09:30:00Z",
                     *             "updatedAt": "2026-01-06T14:02:11Z"
                     *           },
                     *           "reasons": [
                     *             "email",
                     *             "nameAndCompany"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MemberDuplicates"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listActivities: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                memberId?: string;
                channelId?: string;
                activityTypeKey?: string;
                since?: string;
                until?: string;
                source?: string;
                externalId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of activities, newest first, and the total the filters match */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": 1,
                     *       "pageSize": 10,
                     *       "totalActivities": 1,
                     *       "activities": [
                     *         {
                     *           "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *           "externalId": "msg-7731",
                     *           "title": "Hello",
                     *           "message": "Glad to be here!",
                     *           "replyTo": null,
                     *           "reactTo": null,
                     *           "inviteTo": null,
                     *           "source": "discord",
                     *           "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *           "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *           "eventId": null,
                     *           "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityPage"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createActivity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                 *       "activityTypeKey": "message",
                 *       "title": "Hello",
                 *       "message": "Glad to be here!",
                 *       "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                 *       "source": "discord",
                 *       "externalId": "msg-7731",
                 *       "createdAt": "2026-01-05T10:30:00+01:00"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    memberId?: string;
                    /**
                     * @example {
                     *       "primaryEmail": "ada@acme.com",
                     *       "firstName": "Ada",
                     *       "lastName": "Lovelace"
                     *     }
                     */
                    member?: {
                        firstName?: string | null;
                        lastName?: string | null;
                        /** Format: email */
                        primaryEmail: string;
                        emails?: string[] | null;
                        phones?: string[] | null;
                        jobTitle?: string | null;
                        /** Format: uri */
                        avatarUrl?: string | null;
                        country?: string | null;
                        language?: string | null;
                        tags?: string[] | null;
                        /** Format: uri */
                        linkedinUrl?: string | null;
                    };
                    activityTypeKey: string;
                    externalId?: string | null;
                    title?: string | null;
                    message?: string | null;
                    /** Format: uuid */
                    replyTo?: string | null;
                    /** Format: uuid */
                    reactTo?: string | null;
                    /** Format: uuid */
                    inviteTo?: string | null;
                    /** Format: uuid */
                    channelId?: string | null;
                    /** Format: uuid */
                    eventId?: string | null;
                    source?: string | null;
                    /** Format: date-time */
                    createdAt?: string | null;
                };
            };
        };
        responses: {
            /** @description The activity */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activity": {
                     *         "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *         "externalId": "msg-7731",
                     *         "title": "Hello",
                     *         "message": "Glad to be here!",
                     *         "replyTo": null,
                     *         "reactTo": null,
                     *         "inviteTo": null,
                     *         "source": "discord",
                     *         "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *         "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "eventId": null,
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityBody"];
                };
            };
            /** @description The activity */
            201: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activity": {
                     *         "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *         "externalId": "msg-7731",
                     *         "title": "Hello",
                     *         "message": "Glad to be here!",
                     *         "replyTo": null,
                     *         "reactTo": null,
                     *         "inviteTo": null,
                     *         "source": "discord",
                     *         "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *         "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "eventId": null,
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMemberActivities: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                channelId?: string;
                activityTypeKey?: string;
                since?: string;
                until?: string;
                source?: string;
                externalId?: string;
            };
            header?: never;
            path: {
                memberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of activities, newest first, and the total the filters match */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": 1,
                     *       "pageSize": 10,
                     *       "totalActivities": 1,
                     *       "activities": [
                     *         {
                     *           "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *           "externalId": "msg-7731",
                     *           "title": "Hello",
                     *           "message": "Glad to be here!",
                     *           "replyTo": null,
                     *           "reactTo": null,
                     *           "inviteTo": null,
                     *           "source": "discord",
                     *           "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *           "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *           "eventId": null,
                     *           "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityPage"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkActivities: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "activities": [
                 *         {
                 *           "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                 *           "activityTypeKey": "message",
                 *           "title": "Hello",
                 *           "message": "Glad to be here!",
                 *           "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                 *           "source": "discord",
                 *           "externalId": "msg-7731",
                 *           "createdAt": "2026-01-05T10:30:00+01:00"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 1000 items, applied in order, as if sent one by one */
                    activities: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per item, in the order of the request */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "status": 201,
                     *           "activity": {
                     *             "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *             "externalId": "msg-7731",
                     *             "title": "Hello",
                     *             "message": "Glad to be here!",
                     *             "replyTo": null,
                     *             "reactTo": null,
                     *             "inviteTo": null,
                     *             "source": "discord",
                     *             "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *             "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *             "eventId": null,
                     *             "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *             "createdAt": "2026-01-05T09:30:00Z",
                     *             "updatedAt": "2026-01-06T14:02:11Z"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": 400,
                     *           "error": {
                     *             "code": "BAD_REQUEST",
                     *             "error": "Invalid request",
                     *             "details": [
                     *               {
                     *                 "field": "name",
                     *                 "message": "is required"
                     *               }
                     *             ]
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityBulkResults"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getActivity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The activity */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activity": {
                     *         "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *         "externalId": "msg-7731",
                     *         "title": "Hello",
                     *         "message": "Glad to be here!",
                     *         "replyTo": null,
                     *         "reactTo": null,
                     *         "inviteTo": null,
                     *         "source": "discord",
                     *         "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *         "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "eventId": null,
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteActivity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record was deleted */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateActivity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Edited",
                 *       "activityTypeKey": "comment",
                 *       "replyTo": null
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    memberId?: string;
                    activityTypeKey?: string;
                    externalId?: string | null;
                    title?: string | null;
                    message?: string | null;
                    /** Format: uuid */
                    replyTo?: string | null;
                    /** Format: uuid */
                    reactTo?: string | null;
                    /** Format: uuid */
                    inviteTo?: string | null;
                    /** Format: uuid */
                    channelId?: string | null;
                    /** Format: uuid */
                    eventId?: string | null;
                };
            };
        };
        responses: {
            /** @description The activity */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activity": {
                     *         "id": "e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e",
                     *         "externalId": "msg-7731",
                     *         "title": "Hello",
                     *         "message": "Glad to be here!",
                     *         "replyTo": null,
                     *         "reactTo": null,
                     *         "inviteTo": null,
                     *         "source": "discord",
                     *         "activityTypeId": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *         "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "eventId": null,
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChannels: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                q?: string;
                source?: string;
                externalId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of channels and the total the filters match */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": 1,
                     *       "pageSize": 10,
                     *       "totalChannels": 1,
                     *       "channels": [
                     *         {
                     *           "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *           "externalId": "1180012345678901234",
                     *           "name": "general",
                     *           "source": "discord",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ChannelPage"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createChannel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "general",
                 *       "externalId": "1180012345678901234",
                 *       "source": "discord"
                 *     }
                 */
                "application/json": {
                    name: string;
                    externalId?: string | null;
                    source?: string | null;
                };
            };
        };
        responses: {
            /** @description The channel */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "channel": {
                     *         "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "externalId": "1180012345678901234",
                     *         "name": "general",
                     *         "source": "discord",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ChannelBody"];
                };
            };
            /** @description The channel */
            201: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "channel": {
                     *         "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "externalId": "1180012345678901234",
                     *         "name": "general",
                     *         "source": "discord",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ChannelBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkChannels: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "channels": [
                 *         {
                 *           "name": "general",
                 *           "externalId": "1180012345678901234",
                 *           "source": "discord"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 1000 items, applied in order, as if sent one by one */
                    channels: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per item, in the order of the request */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "status": 201,
                     *           "channel": {
                     *             "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *             "externalId": "1180012345678901234",
                     *             "name": "general",
                     *             "source": "discord",
                     *             "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *             "createdAt": "2026-01-05T09:30:00Z",
                     *             "updatedAt": "2026-01-06T14:02:11Z"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": 400,
                     *           "error": {
                     *             "code": "BAD_REQUEST",
                     *             "error": "Invalid request",
                     *             "details": [
                     *               {
                     *                 "field": "name",
                     *                 "message": "is required"
                     *               }
                     *             ]
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ChannelBulkResults"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "channel": {
                     *         "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *         "externalId": "1180012345678901234",
                     *         "name": "general",
                     *         "source": "discord",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ChannelBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteChannel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record was deleted */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateChannel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "announcements"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    externalId?: string | null;
                };
            };
        };
        responses: {
            /** @description The updated channel, as an array of one (the spec says so) */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "channel": [
                     *         {
                     *           "id": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *           "externalId": "1180012345678901234",
                     *           "name": "general",
                     *           "source": "discord",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ChannelArrayBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listActivityTypes: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description A prefix of the key */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of activity types, by key, and the total the filters match */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": 1,
                     *       "pageSize": 10,
                     *       "totalActivityTypes": 1,
                     *       "activityTypes": [
                     *         {
                     *           "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
                     *           "key": "message",
                     *           "name": "Message",
                     *           "points": 6,
                     *           "channelPoints": [
                     *             {
                     *               "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *               "points": 2
                     *             }
                     *           ],
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityTypePage"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createActivityType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "key": "message",
                 *       "name": "Message",
                 *       "points": 6,
                 *       "channelPoints": [
                 *         {
                 *           "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                 *           "points": 2
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    key: string;
                    name?: string;
                    /** @description What one activity of the type gives to its member's pulse */
                    points?: number;
                    /** @description Per-channel overrides of `points`, each channel of the workspace at most once; the list replaces the previous one */
                    channelPoints?: {
                        /** Format: uuid */
                        channelId: string;
                        /** @description What one activity of the type gives to its member's pulse */
                        points: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The activity type */
            201: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activityType": {
                     *         "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
                     *         "key": "message",
                     *         "name": "Message",
                     *         "points": 6,
                     *         "channelPoints": [
                     *           {
                     *             "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *             "points": 2
                     *           }
                     *         ],
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityTypeBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getActivityType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The activity type */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activityType": {
                     *         "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
                     *         "key": "message",
                     *         "name": "Message",
                     *         "points": 6,
                     *         "channelPoints": [
                     *           {
                     *             "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *             "points": 2
                     *           }
                     *         ],
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityTypeBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteActivityType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record was deleted */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateActivityType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "points": 5
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /** @description What one activity of the type gives to its member's pulse */
                    points?: number;
                    /** @description Per-channel overrides of `points`, each channel of the workspace at most once; the list replaces the previous one */
                    channelPoints?: {
                        /** Format: uuid */
                        channelId: string;
                        /** @description What one activity of the type gives to its member's pulse */
                        points: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The activity type */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "activityType": {
                     *         "id": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
                     *         "key": "message",
                     *         "name": "Message",
                     *         "points": 6,
                     *         "channelPoints": [
                     *           {
                     *             "channelId": "6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e",
                     *             "points": 2
                     *           }
                     *         ],
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActivityTypeBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEngagementSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's engagement settings */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "engagementSettings": {
                     *         "levelThresholds": [
                     *           1,
                     *           5,
                     *           10,
                     *           20,
                     *           40,
                     *           80,
                     *           150,
                     *           250,
                     *           400,
                     *           600,
                     *           900,
                     *           1300
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EngagementSettingsBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setEngagementSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "levelThresholds": [
                 *         1,
                 *         5,
                 *         10,
                 *         20,
                 *         40,
                 *         80,
                 *         150,
                 *         250,
                 *         400,
                 *         600,
                 *         900,
                 *         1300
                 *       ]
                 *     }
                 */
                "application/json": {
                    levelThresholds: number[];
                };
            };
        };
        responses: {
            /** @description The workspace's engagement settings */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "engagementSettings": {
                     *         "levelThresholds": [
                     *           1,
                     *           5,
                     *           10,
                     *           20,
                     *           40,
                     *           80,
                     *           150,
                     *           250,
                     *           400,
                     *           600,
                     *           900,
                     *           1300
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EngagementSettingsBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMemberEngagement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's engagement */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "engagement": {
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "pulse": 42,
                     *         "level": 5,
                     *         "excluded": false,
                     *         "windowStart": "2025-10-07T09:30:00Z",
                     *         "windowEnd": "2026-01-05T09:30:00Z",
                     *         "breakdown": [
                     *           {
                     *             "activityTypeId": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
                     *             "activityTypeKey": "message",
                     *             "activities": 6,
                     *             "points": 36
                     *           },
                     *           {
                     *             "activityTypeId": "5c1d9e7f-3b2a-4c6d-8e0f-1a2b3c4d5e6f",
                     *             "activityTypeKey": "reaction",
                     *             "activities": 6,
                     *             "points": 6
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EngagementBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMemberEngagement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "excluded": true
                 *     }
                 */
                "application/json": {
                    excluded: boolean;
                };
            };
        };
        responses: {
            /** @description The member's engagement */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "engagement": {
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "pulse": 42,
                     *         "level": 5,
                     *         "excluded": false,
                     *         "windowStart": "2025-10-07T09:30:00Z",
                     *         "windowEnd": "2026-01-05T09:30:00Z",
                     *         "breakdown": [
                     *           {
                     *             "activityTypeId": "0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c",
                     *             "activityTypeKey": "message",
                     *             "activities": 6,
                     *             "points": 36
                     *           },
                     *           {
                     *             "activityTypeId": "5c1d9e7f-3b2a-4c6d-8e0f-1a2b3c4d5e6f",
                     *             "activityTypeKey": "reaction",
                     *             "activities": 6,
                     *             "points": 6
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EngagementBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIdentitySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's identity settings */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "identitySettings": {
                     *         "autoCompanies": true,
                     *         "freeMailDomains": [
                     *           "mail.acme-isp.net"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["IdentitySettingsBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setIdentitySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "autoCompanies": true,
                 *       "freeMailDomains": [
                 *         "https://www.Mail.Acme-ISP.net/"
                 *       ]
                 *     }
                 */
                "application/json": {
                    autoCompanies: boolean;
                    freeMailDomains: string[];
                };
            };
        };
        responses: {
            /** @description The workspace's identity settings */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "identitySettings": {
                     *         "autoCompanies": true,
                     *         "freeMailDomains": [
                     *           "mail.acme-isp.net"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["IdentitySettingsBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mergeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "memberId": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    memberId: string;
                };
            };
        };
        responses: {
            /** @description The kept member after the merge, and the merge */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "member": {
                     *         "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "firstName": "Ada",
                     *         "lastName": "Lovelace",
                     *         "primaryEmail": "ada@acme.com",
                     *         "emails": [
                     *           "ada@acme.com",
                     *           "ada.lovelace@mail.acme.com"
                     *         ],
                     *         "phones": [
                     *           "+44 20 7946 0000"
                     *         ],
                     *         "jobTitle": "CTO",
                     *         "avatarUrl": "https://acme.com/ada.png",
                     *         "language": "en",
                     *         "country": "GB",
                     *         "tags": [],
                     *         "level": 3,
                     *         "pulse": 42,
                     *         "source": "Api",
                     *         "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *         "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *         "firstActivity": "2025-11-02T08:15:00Z",
                     *         "lastActivity": "2026-01-05T09:30:00Z",
                     *         "createdAt": "2026-01-05T09:30:00Z",
                     *         "updatedAt": "2026-01-06T14:02:11Z"
                     *       },
                     *       "merge": {
                     *         "id": "7a9c1e3f-5b2d-4f6a-8c0e-2d4f6a8b0c1e",
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "mergedMemberId": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
                     *         "createdAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MemberMergeBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mergeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merge */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "merge": {
                     *         "id": "7a9c1e3f-5b2d-4f6a-8c0e-2d4f6a8b0c1e",
                     *         "memberId": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *         "mergedMemberId": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
                     *         "createdAt": "2026-01-06T14:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MergeBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    undoMerge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and 429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md). */
                "Idempotency-Key"?: string;
            };
            path: {
                mergeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Both members as they were before the merge: the kept one, then the restored one */
            200: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "members": [
                     *         {
                     *           "id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                     *           "firstName": "Ada",
                     *           "lastName": "Lovelace",
                     *           "primaryEmail": "ada@acme.com",
                     *           "emails": [
                     *             "ada@acme.com",
                     *             "ada.lovelace@mail.acme.com"
                     *           ],
                     *           "phones": [
                     *             "+44 20 7946 0000"
                     *           ],
                     *           "jobTitle": "CTO",
                     *           "avatarUrl": "https://acme.com/ada.png",
                     *           "language": "en",
                     *           "country": "GB",
                     *           "tags": [],
                     *           "level": 3,
                     *           "pulse": 42,
                     *           "source": "Api",
                     *           "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "firstActivity": "2025-11-02T08:15:00Z",
                     *           "lastActivity": "2026-01-05T09:30:00Z",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         },
                     *         {
                     *           "id": "4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f",
                     *           "firstName": "Ada",
                     *           "lastName": "Lovelace",
                     *           "primaryEmail": "ada@acme.com",
                     *           "emails": [
                     *             "ada@acme.com",
                     *             "ada.lovelace@mail.acme.com"
                     *           ],
                     *           "phones": [
                     *             "+44 20 7946 0000"
                     *           ],
                     *           "jobTitle": "CTO",
                     *           "avatarUrl": "https://acme.com/ada.png",
                     *           "language": "en",
                     *           "country": "GB",
                     *           "tags": [],
                     *           "level": 3,
                     *           "pulse": 42,
                     *           "source": "Api",
                     *           "companyId": "8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70",
                     *           "workspaceId": "3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81",
                     *           "firstActivity": "2025-11-02T08:15:00Z",
                     *           "lastActivity": "2026-01-05T09:30:00Z",
                     *           "createdAt": "2026-01-05T09:30:00Z",
                     *           "updatedAt": "2026-01-06T14:02:11Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MergeUndoneBody"];
                };
            };
            /** @description Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have */
            400: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim */
            401: {
                headers: {
                    /** @description RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Resource not found: the id is unknown, not a uuid, or of another workspace */
            404: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Method not allowed: the path exists with other methods, listed in `Allow` */
            405: {
                headers: {
                    /** @description The methods the path has */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`). Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by a request still running (`details` names the header) */
            409: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the answer kept for the request's Idempotency-Key, sent again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: the body is over 1 MiB */
            413: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: a body that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: the workspace used up its rate limit */
            429: {
                headers: {
                    /** @description Requests the workspace may make at once (the bucket size); sent while rate limiting is on */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds until a request is allowed again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), has no room for the write (a full disk: with `Retry-After`), or the identity provider's key set cannot be had; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; sent when the database has no room for writes (a full disk) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}

