import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  /** The form field's name. */
  field: string;
  /** Present for a file part; a field part has none. */
  filename?: string;
  contentType?: string;
  content: Buffer | Uint8Array | string;
}

/** A multipart/form-data body as a browser sends it, with the headers that go with it. */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----kiln-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.filename}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(
      typeof part.content === 'string'
        ? Buffer.from(part.content, 'utf8')
        : Buffer.from(part.content),
    );
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The body of one file sent in the field `file`, as the create dialog uploads it. */
export function fileUpload(
  filename: string,
  content: Buffer | Uint8Array | string,
  contentType = 'application/octet-stream',
) {
  return multipartBody([{ field: 'file', filename, contentType, content }]);
}
