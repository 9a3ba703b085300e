import { ActivityBody, ActivityPageSchema, ActivitySchema } from './activities.js'
import { ActivityTypeBody, ActivityTypePageSchema, ActivityTypeSchema } from './activity-types.js'
import { ChannelBody, ChannelListBody, ChannelPageSchema, ChannelSchema } from './channels.js'
import { ActivityBulkResults, ChannelBulkResults, CompanyBulkResults, MemberBulkResults } from './bulk.js'
import { ErrorBodySchema, ErrorDetailSchema, SuccessBody } from './common.js'
import { CompanyBody, CompanyPageSchema, CompanySchema } from './companies.js'
import { EngagementBody, EngagementSchema, EngagementSettingsBody, EngagementSettingsSchema } from './engagement.js'
import { IdentitySettingsBody, IdentitySettingsSchema } from './identity.js'
import { MemberBody, MemberDuplicatesSchema, MemberPageSchema, MemberSchema } from './members.js'
import { MemberMergeBody, MergeBody, MergeSchema, MergeUndoneBody } from './merges.js'

/**
 * The schemas answers refer to by name (Ref): registered with addSchema, they are what the serializer resolves
 * and the OpenAPI document's components.schemas, so generated clients get named types.
 */
export const NAMED_SCHEMAS = [
  ErrorDetailSchema, ErrorBodySchema, SuccessBody,
  CompanySchema, CompanyBody, CompanyPageSchema,
  MemberSchema, MemberBody, MemberPageSchema, MemberDuplicatesSchema,
  ActivitySchema, ActivityBody, ActivityPageSchema,
  ChannelSchema, ChannelBody, ChannelListBody, ChannelPageSchema,
  ActivityTypeSchema, ActivityTypeBody, ActivityTypePageSchema,
  EngagementSettingsSchema, EngagementSettingsBody,
  EngagementSchema, EngagementBody,
  IdentitySettingsSchema, IdentitySettingsBody,
  MergeSchema, MemberMergeBody, MergeBody, MergeUndoneBody,
  ActivityBulkResults, MemberBulkResults, CompanyBulkResults, ChannelBulkResults
]
