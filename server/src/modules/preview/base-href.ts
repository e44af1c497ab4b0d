/**
 * An app that declares its root as its base (`<base href="/">`, as Angular's pages do, and
 * as Kiln's React Router template does to find its router's basename) lives at the root of its
 * own origin. Behind a preview link its root is `/p/<token>/`: this says so in the page, so the
 * app's router matches its routes below the link and its relative URLs stay under it. Pages
 * without a base, or with another one, are left as they are: a base they never had would change
 * how their relative links resolve.
 */
export function rebaseRootBase(html: string, prefix: string): string {
  const base = /<base\s[^>]*>/i.exec(html);
  if (!base) return html;
  const href = /\shref\s*=\s*(?:"\/"|'\/'|\/(?=[\s/>]))/i.exec(base[0]);
  if (!href) return html;
  const tag = base[0].replace(href[0], ` href="${prefix}/"`);
  return `${html.slice(0, base.index)}${tag}${html.slice(base.index + base[0].length)}`;
}
