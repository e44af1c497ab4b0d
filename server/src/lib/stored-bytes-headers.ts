/**
 * The headers of bytes a person stored (a project file, an upload) sent back from the app's own
 * origin. They are served inert: the declared type, with UTF-8 for text that names no charset,
 * never sniffed into something else, a sandboxed document if a browser shows it (so an uploaded
 * HTML or SVG file cannot run as the app), and kept by no shared cache.
 */
export function storedBytesHeaders(options: {
  mimeType: string;
  isText: boolean;
  /** `inline` to show them, or an `attachment; filename=…` value to download them. */
  disposition: string;
}): Record<string, string> {
  const type =
    options.isText && !options.mimeType.includes('charset=')
      ? `${options.mimeType}; charset=utf-8`
      : options.mimeType;
  return {
    'content-type': type,
    'content-disposition': options.disposition,
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
    'cache-control': 'private, no-store',
  };
}

/**
 * A download's disposition (RFC 6266): an ASCII fallback for old clients and the exact UTF-8
 * name in filename*.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
