import swaggerUi from '@fastify/swagger-ui'
import type { FastifyPluginAsync } from 'fastify'

/**
 * What the reference page may load: Swagger UI's scripts, styles and images from the package's own files
 * served here, its icons and logo as data: images, and fetches to this origin (the OpenAPI document and the
 * "Try it out" calls). No inline script, no eval, nothing from another origin, and one inline style, by its
 * hash: the <style> inside the Swagger logo the top bar renders before the plugin swaps in its own (the hash
 * of ".logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}" in swagger-ui-dist 5.32;
 * test/docs-page.test.ts fails, naming the new hash, if an upgrade changes it). Every other answer keeps
 * the strict policy of src/security-headers.ts.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/** GET /docs: Swagger UI on /openapi.json, no auth, served from node_modules (works with no internet). */
export const docsPage: FastifyPluginAsync = async (app) => {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The plugin sets this header in an onSend hook of its own routes only (the page, its assets).
    staticCSP: DOCS_CSP,
    theme: { title: 'Workspace Records API reference' },
    uiConfig: {
      // The page reads the document every client reads, not the plugin's copy at /docs/json.
      urls: [{ url: '/openapi.json', name: 'Workspace Records' }],
      displayRequestDuration: true
    }
  })
}
