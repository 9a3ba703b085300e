import { Type, type Static } from 'typebox'
import { Body, DateTimeInput, EXAMPLE, HttpUrl, List, ListQuery, Nullable, NullableString, Ref, SearchText, StringEnum, Text, Uuid, optionalFields } from './common.js'

const COMPANY_EXAMPLE = {
  id: '8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70',
  name: 'Acme',
  industry: 'Software',
  address: '1 Main Street, Springfield',
  domain: 'acme.com',
  employees: 40,
  foundedAt: '2015-03-01T00:00:00Z',
  logoUrl: 'https://acme.com/logo.png',
  tags: ['5d7b9c1e-3a2f-4e8d-9b6a-0c4f2e1d8a35'],
  source: 'Api',
  ...EXAMPLE
}

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
}, { $id: 'Company', description: 'A company of the workspace', examples: [COMPANY_EXAMPLE] })
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

export const CompanyCreateSchema = Body({ name: CompanyName, ...optionalFields(companyFields) }, {
  examples: [{ name: 'Acme', industry: 'Software', domain: 'https://www.acme.com/', employees: 40, tags: [] }]
})
export type CompanyCreate = Static<typeof CompanyCreateSchema>

// name is required, so PATCH may change it but not clear it: null fails validation.
export const CompanyPatchSchema = Body({ name: Type.Optional(CompanyName), ...optionalFields(companyFields) }, {
  examples: [{ industry: 'Hardware', address: null }]
})
export type CompanyPatch = Static<typeof CompanyPatchSchema>

export const CompanyBody = Type.Object({ company: Ref(CompanySchema) }, { $id: 'CompanyBody', description: 'The company', examples: [{ company: COMPANY_EXAMPLE }] })

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
  companies: Type.Array(Ref(CompanySchema))
}, {
  $id: 'CompanyPage',
  description: 'A page of companies and the total the filters match',
  examples: [{ page: 1, pageSize: 10, totalCompanies: 1, companies: [COMPANY_EXAMPLE] }]
})
