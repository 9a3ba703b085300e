import { freeMailDomain, type IdentitySettings } from '../domain/company-domains.js'
import { uniqueInOrder } from '../domain/normalize.js'
import type { IdentitySettingsPut } from '../schemas/identity.js'
import { InvalidFieldError, type Store } from '../store/types.js'

// The rules of the identity settings that are neither HTTP nor storage (docs/identity.md).

/** Sets a workspace's identity settings: each free-mail domain checked and normalised, duplicates dropped in order. */
export async function setIdentitySettings (store: Store, workspaceId: string, settings: IdentitySettingsPut): Promise<IdentitySettings> {
  const domains = settings.freeMailDomains.map((value, i) => {
    const domain = freeMailDomain(value)
    if (domain === undefined) throw new InvalidFieldError(`freeMailDomains.${i}`, 'must be a domain name such as mail.example.net')
    return domain
  })
  return await store.identity.setSettings(workspaceId, { autoCompanies: settings.autoCompanies, freeMailDomains: uniqueInOrder(domains) })
}
