import { Type, type Static } from 'typebox'
import { MAX_FREE_MAIL_DOMAINS } from '../domain/company-domains.js'
import { Body, Ref, Text } from './common.js'

const IDENTITY_EXAMPLE = { autoCompanies: true, freeMailDomains: ['mail.acme-isp.net'] }

export const IdentitySettingsSchema = Type.Object({
  autoCompanies: Type.Boolean({ description: 'Whether members are attached to (and make) the company of their email\'s domain' }),
  freeMailDomains: Type.Array(Type.String(), {
    description: 'Domains this workspace treats as free-mail besides the shipped list: they make and attach no company; normalised'
  })
}, { $id: 'IdentitySettings', description: 'How this workspace finds its members\' companies', examples: [IDENTITY_EXAMPLE] })
export type IdentitySettingsRecord = Static<typeof IdentitySettingsSchema>

export const IdentitySettingsBody = Type.Object({ identitySettings: Ref(IdentitySettingsSchema) }, {
  $id: 'IdentitySettingsBody', description: 'The workspace\'s identity settings', examples: [{ identitySettings: IDENTITY_EXAMPLE }]
})

// Each domain is checked and normalised by the services layer (domain/identity.ts freeMailDomain).
export const IdentitySettingsPutSchema = Body({
  autoCompanies: Type.Boolean(),
  freeMailDomains: Type.Array(Text({ min: 1, max: 300 }), { maxItems: MAX_FREE_MAIL_DOMAINS })
}, { examples: [{ autoCompanies: true, freeMailDomains: ['https://www.Mail.Acme-ISP.net/'] }] })
export type IdentitySettingsPut = Static<typeof IdentitySettingsPutSchema>
