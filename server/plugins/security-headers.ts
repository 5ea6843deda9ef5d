/**
 * Security headers on every reply, pages and API alike (@fastify/helmet; docs/security.md):
 *
 * - CSP: scripts only from this origin, never inline, never eval ('unsafe-eval' absent). Styles allow
 *   'unsafe-inline': antd's CSS-in-JS injects <style> tags at run time and React renders style
 *   attributes; a nonce cannot cover style attributes at all (CSP nonces apply to elements only),
 *   so the choice is 'unsafe-inline' for styles or breaking every page. Inline style cannot run
 *   script in current browsers; the script policy is what stops injected markup from running.
 * - Images and media from this origin, data:/blob: (pasted images, previews) and https (the file
 *   store's CDN, images in rich text); uploads post straight to the file store (https).
 * - Frames: pages may embed other sites (menus of type "frame": frame-src https: and http:), but
 *   may only be framed by this origin (frame-ancestors 'self', X-Frame-Options SAMEORIGIN). blob:
 *   frames are the file preview's PDFs (fetched with the session, shown by the browser's viewer);
 *   the preview re-types any blob that is not a PDF, image or media as octet-stream, so a blob frame
 *   never renders HTML or SVG in this origin (runtime/components/file-preview/file-source.ts).
 * - nosniff, Referrer-Policy no-referrer, no object/embed, base and form targets this origin only.
 * - HSTS only over TLS (request.protocol, which honours X-Forwarded-Proto behind a trusted proxy):
 *   sent over plain HTTP it would be ignored by browsers, and it would pin a dev host to https.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:', 'https:', 'http:'],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

/** One year, as browsers' preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
    // Cross-origin images (the file store's CDN) carry no CORP header: requiring it would hide them.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
