import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium, type Response as BrowserResponse } from 'playwright-core'
import { DOCS_CSP } from '../../src/http/plugins/openapi.js'
import { authHeader, buildTestApp, newWorkspace, tokenFor } from '../support/helpers.js'

// GET /docs in a real browser (Debian's chromium, driven by playwright-core; no browser is ever downloaded),
// against the app on a real port: the page lists every operation of /openapi.json, its "Try it out" calls
// the API with a bearer token, and it loads nothing from anywhere but the server, under its own CSP.

const CHROMIUM = '/usr/bin/chromium'
const STRICT_CSP = "default-src 'none';frame-ancestors 'none'"
const SCREENSHOT = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'docs-page.png')
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

const found = existsSync(CHROMIUM)
const skip = !found && process.env.CI !== 'true' && `no chromium at ${CHROMIUM}`
if (skip) console.error(`\n*** docs page test SKIPPED: ${skip}. Install Debian's chromium package (see .ci/run). ***\n`)

test('GET /docs lists every operation, tries one with a bearer token, and loads nothing from elsewhere', { skip, timeout: 120_000 }, async (t) => {
  assert.ok(found, `chromium is required under CI=true: no ${CHROMIUM}; install Debian's chromium package (see .ci/run)`)
  const app = await buildTestApp(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> }
  const operations = Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((key) => METHODS.has(key)).map((method) => `${method.toUpperCase()} ${path}`))
  assert.ok(operations.includes('POST /v1/companies'), operations.join(', '))

  const userDataDir = mkdtempSync(join(tmpdir(), 'records-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      // No host name resolves: a page that needed the internet would fail here as it does offline.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    viewport: { width: 1280, height: 900 }
  })
  try {
    const requested: string[] = []
    const responses: BrowserResponse[] = []
    const consoleErrors: string[] = []
    context.on('request', (request) => requested.push(request.url()))
    context.on('response', (response) => responses.push(response))
    const page = context.pages()[0] ?? await context.newPage()
    page.setDefaultTimeout(30_000)
    page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()) })
    page.on('pageerror', (error) => consoleErrors.push(error.message))
    // Anything the page's CSP blocked (a script, a style, an eval, a fetch elsewhere), as the page saw it.
    await page.addInitScript({
      content: `window.cspViolations = []; document.addEventListener('securitypolicyviolation',
        (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile))`
    })

    await page.goto(`${origin}/docs`)
    // (A locator, not waitForFunction: that polls with eval inside the page, which the page's CSP forbids.)
    await page.locator('.opblock').nth(operations.length - 1).waitFor()
    const listed = await page.evaluate<string[]>(`[...document.querySelectorAll('.opblock')].map((block) =>
      block.querySelector('.opblock-summary-method').textContent + ' ' + block.querySelector('.opblock-summary-path').dataset.path)`)
    assert.deepEqual(listed.sort(), [...operations].sort())

    // Authorize with a token of a fresh workspace, then POST /v1/companies from the operation's "Try it out".
    const workspaceId = newWorkspace()
    await page.locator('.auth-wrapper button.authorize').click()
    await page.locator('.modal-ux input#auth-bearer-value').fill(tokenFor(workspaceId))
    await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click()
    await page.locator('.modal-ux button.btn-done').click()
    const operation = page.locator('.opblock-post').filter({ has: page.locator('.opblock-summary-path[data-path="/v1/companies"]') })
    await operation.locator('.opblock-summary-control').click()
    await operation.locator('button.try-out__btn').click()
    await operation.locator('textarea.body-param__text').fill(JSON.stringify({ name: 'Made on the docs page' }))
    await operation.locator('button.execute').click()
    const answer = operation.locator('.live-responses-table .response')
    await answer.waitFor()
    assert.equal(await answer.locator('.response-col_status').innerText(), '201')
    const shown = JSON.parse(await answer.locator('.highlight-code pre').first().innerText()) as { company: { id: string, name: string } }
    assert.equal(shown.company.name, 'Made on the docs page')
    // The page showed the real answer: the company is there, in the token's workspace.
    const stored = await app.inject({ method: 'GET', url: `/v1/companies/${shown.company.id}`, headers: authHeader(workspaceId) })
    assert.equal(stored.statusCode, 200)
    assert.deepEqual(stored.json(), shown)

    mkdirSync(join(SCREENSHOT, '..'), { recursive: true })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
    t.diagnostic(`screenshot: ${SCREENSHOT}`)

    assert.deepEqual(await page.evaluate('window.cspViolations'), [], consoleErrors.join('\n'))
    assert.deepEqual(consoleErrors, [])
    // Every request went to this server: the page, its assets, the OpenAPI document and the API call.
    assert.deepEqual(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')), [])
    for (const url of [`${origin}/docs`, `${origin}/docs/static/swagger-ui-bundle.js`, `${origin}/openapi.json`, `${origin}/v1/companies`]) {
      assert.ok(requested.includes(url), `${url} was requested: ${requested.join(', ')}`)
    }
    // The page and its assets carry the docs policy; the document and the API keep the strict one.
    for (const response of responses.filter((response) => response.url().startsWith(origin))) {
      const expected = new URL(response.url()).pathname.startsWith('/docs') ? DOCS_CSP : STRICT_CSP
      assert.equal(await response.headerValue('content-security-policy'), expected, response.url())
    }
  } finally {
    await context.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }
})
