/**
 * A preview token written anywhere in a URL: a base64url payload, a dot (escaped or not) and the
 * 43 base64url characters of its HMAC-SHA256 signature (token.ts).
 */
const TOKEN_ANYWHERE = /[A-Za-z0-9_-]{16,}(?:\.|%2e)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/gi;

/**
 * A preview request's URL as it may be logged: a link is a bearer credential until it expires,
 * so the path's `/p/<token>` (whatever it holds) and any token-shaped text elsewhere, a query
 * such as `?next=/p/<token>/` included, become `<token>`.
 */
export function redactPreviewUrl(url: string): string {
  return url.replace(/^\/p\/[^/?]+/, '/p/<token>').replace(TOKEN_ANYWHERE, '<token>');
}
