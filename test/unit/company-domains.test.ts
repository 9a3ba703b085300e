import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  companyAttachDomain, emailDomain, freeMailDomain, isFreeMailDomain, isReservedDomain, isSharedDomain, memberCompanyDomain,
  settingsAllow
} from '../../src/domain/company-domains.js'
import { FREE_MAIL_DOMAINS_TEXT } from '../../src/domain/free-mail-domains.js'

// The rule of companies from email domains (docs/identity.md), as pure functions both stores call.

describe('companies from email domains: the rule', () => {
  test('an email\'s domain is normalised as a company domain is: after the last @, lower case, no www. or trailing dot', () => {
    assert.equal(emailDomain('Ada@Mail.ACME.com'), 'mail.acme.com')
    assert.equal(emailDomain('ada@www.acme.com'), 'acme.com')
    assert.equal(emailDomain('"a@b"@acme.com.'), 'acme.com')
    assert.equal(emailDomain(null), null)
    assert.equal(emailDomain('ada@'), null)
  })

  test('the reserved names of RFC 2606 and RFC 6761, and every name under them, are reserved; their look-alikes are not', () => {
    for (const name of ['example.com', 'example.net', 'example.org', 'example', 'test', 'invalid', 'localhost']) {
      assert.ok(isReservedDomain(name), name)
      assert.ok(isReservedDomain(`sub.${name}`), `sub.${name}`)
      assert.ok(isReservedDomain(`a.b.${name}`), `a.b.${name}`)
    }
    for (const name of ['example.co', 'myexample.com', 'example.com.au', 'testing', 'contest', 'test.io', 'localhost.io', 'notexample']) {
      assert.ok(!isReservedDomain(name), name)
    }
  })

  test('the shipped free-mail and disposable list has the common providers, and at least 200 names', () => {
    const names = FREE_MAIL_DOMAINS_TEXT.split('\n').filter((line) => line !== '')
    assert.ok(names.length >= 200, String(names.length))
    for (const name of names) assert.match(name, /^[a-z0-9.-]+$/)
    for (const name of ['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'proton.me', 'protonmail.com',
      'icloud.com', 'aol.com', 'gmx.de', 'yandex.ru', 'mail.ru', 'qq.com', 'mailinator.com', 'yopmail.com', 'guerrillamail.com']) {
      assert.ok(isFreeMailDomain(name), name)
      assert.ok(isSharedDomain(name), name)
    }
    assert.ok(!isFreeMailDomain('acme.com'))
  })

  test('a member write attaches by the email it gives a member without a company, unless it names companyId', () => {
    const write = { primaryEmail: 'ada@acme.com', companyId: null, namesCompany: false }
    assert.equal(memberCompanyDomain(write), 'acme.com')
    assert.equal(memberCompanyDomain({ ...write, previousEmail: null }), 'acme.com')
    assert.equal(memberCompanyDomain({ ...write, previousEmail: 'ada@beta.io' }), 'acme.com')
    assert.equal(memberCompanyDomain({ ...write, previousEmail: 'ada@acme.com' }), undefined)
    assert.equal(memberCompanyDomain({ ...write, companyId: 'c' }), undefined)
    assert.equal(memberCompanyDomain({ ...write, namesCompany: true }), undefined)
    assert.equal(memberCompanyDomain({ ...write, primaryEmail: null }), undefined)
    assert.equal(memberCompanyDomain({ ...write, primaryEmail: 'ada@gmail.com' }), undefined)
    assert.equal(memberCompanyDomain({ ...write, primaryEmail: 'ada@shop.test' }), undefined)
  })

  test('a company write attaches by the domain it gives, unless shared; the workspace\'s settings come after', () => {
    assert.equal(companyAttachDomain('acme.com'), 'acme.com')
    assert.equal(companyAttachDomain('acme.com', null), 'acme.com')
    assert.equal(companyAttachDomain('acme.com', 'acme.com'), undefined)
    assert.equal(companyAttachDomain(null, 'acme.com'), undefined)
    assert.equal(companyAttachDomain('gmail.com'), undefined)
    assert.equal(companyAttachDomain('localhost'), undefined)
    assert.ok(settingsAllow({ autoCompanies: true, freeMailDomains: [] }, 'acme.com'))
    assert.ok(!settingsAllow({ autoCompanies: false, freeMailDomains: [] }, 'acme.com'))
    assert.ok(!settingsAllow({ autoCompanies: true, freeMailDomains: ['acme.com'] }, 'acme.com'))
    assert.ok(settingsAllow({ autoCompanies: true, freeMailDomains: ['acme.com'] }, 'eu.acme.com'))
  })

  test('a workspace\'s free-mail domain is a host name of two labels or more, normalised', () => {
    assert.equal(freeMailDomain('https://www.Corp-Mail.NET/'), 'corp-mail.net')
    assert.equal(freeMailDomain('mail.bücher.de'), 'mail.bücher.de')
    assert.equal(freeMailDomain('xn--bcher-kva.de'), 'xn--bcher-kva.de')
    for (const bad of ['', 'localhost', 'not a domain', '-a.com', 'a-.com', 'a..com', '.com', `${'a'.repeat(64)}.com`, 'a_b.com', `${'a.'.repeat(127)}com`]) {
      assert.equal(freeMailDomain(bad), undefined, bad)
    }
  })
})
