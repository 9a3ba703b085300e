import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { withErrors } from '../../schemas/common.js'
import { IdentitySettingsBody, IdentitySettingsPutSchema } from '../../schemas/identity.js'
import { setIdentitySettings } from '../../services/identity.js'
import type { Store } from '../../store/types.js'

// The workspace's identity settings: a resource of its own, as the engagement settings are (docs/identity.md).
export const identityRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get('/identity-settings', {
    schema: {
      operationId: 'getIdentitySettings',
      summary: 'Get the identity settings',
      description: 'Whether members are attached to the company of their primary email\'s domain (`autoCompanies`, ' +
        'until set: true), and the domains this workspace treats as free-mail besides the shipped list (until set: none).',
      tags: ['identity'],
      response: withErrors({ 200: IdentitySettingsBody })
    }
  }, async (request) => ({ identitySettings: await store.identity.settings(request.workspaceId) }))

  app.put('/identity-settings', {
    schema: {
      operationId: 'setIdentitySettings',
      summary: 'Set the identity settings',
      description: 'Replaces both settings. `freeMailDomains`: up to 1,000 domain names, normalised as company domains ' +
        'are (`https://www.Mail.Example.net/` is `mail.example.net`) and de-duplicated in order; members and companies ' +
        'of these domains are not attached to each other from then on. `autoCompanies: false` stops both making ' +
        'companies from members\' emails and attaching members to companies by domain.',
      tags: ['identity'],
      body: IdentitySettingsPutSchema,
      response: withErrors({ 200: IdentitySettingsBody }, 413, 415)
    }
  }, async (request) => ({ identitySettings: await setIdentitySettings(store, request.workspaceId, request.body) }))
}
