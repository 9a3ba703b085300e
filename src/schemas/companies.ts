import { Type, type Static } from 'typebox'
import { Body, DateTimeInput, HttpUrl, List, ListQuery, Nullable, NullableString, SearchText, StringEnum, Text, Uuid, optionalFields } from './common.js'

export const CompanySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  industry: NullableString,
  address: NullableString,
  domain: NullableString,
  employees: Nullable(Type.Integer()),
  foundedAt: NullableString,
  logoUrl: NullableString,
  tags: Type.Array(Type.String()),
  source: Type.String(),
  workspaceId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String()
})
export type Company = Static<typeof CompanySchema>

const companyFields = {
  industry: Text(),
  address: Text(),
  domain: Text(),
  employees: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  foundedAt: DateTimeInput,
  logoUrl: HttpUrl,
  tags: List(Uuid)
}
const CompanyName = Text({ min: 1 })

export const CompanyCreateSchema = Body({ name: CompanyName, ...optionalFields(companyFields) })
export type CompanyCreate = Static<typeof CompanyCreateSchema>

// name is required, so PATCH may change it but not clear it: null fails validation.
export const CompanyPatchSchema = Body({ name: Type.Optional(CompanyName), ...optionalFields(companyFields) })
export type CompanyPatch = Static<typeof CompanyPatchSchema>

export const CompanyBody = Type.Object({ company: CompanySchema })

export const COMPANY_SORTS = ['createdAt', '-createdAt', 'name', '-name'] as const

export const CompanyListQuerySchema = ListQuery({
  q: SearchText,
  domain: Text({ min: 1 }),
  tag: Uuid,
  sort: StringEnum(COMPANY_SORTS)
})
export type CompanyListQuery = Static<typeof CompanyListQuerySchema>

export const CompanyPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalCompanies: Type.Integer(),
  companies: Type.Array(CompanySchema)
})
