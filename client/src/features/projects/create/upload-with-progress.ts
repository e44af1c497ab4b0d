import { CSRF_HEADER } from '@kiln/shared';
import { ApiError } from '../../../lib/api-error';
import { ensureCsrfToken } from '../../../lib/csrf';

/**
 * POSTs a form and reports the bytes sent as they go. XMLHttpRequest rather than the request
 * helper because fetch cannot report upload progress; it sends the same cookies and CSRF header,
 * and fails with the helper's ApiError, so a refusal reads the same either way.
 */
export async function postFormWithProgress(
  url: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
): Promise<unknown> {
  const csrf = await ensureCsrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        void ApiError.fromBody(xhr.status, xhr.statusText, xhr.responseText).then(reject);
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as unknown);
      } catch {
        reject(new Error('The server answered something other than JSON.'));
      }
    });
    xhr.addEventListener('error', () => reject(new Error('The upload failed: no connection.')));
    xhr.addEventListener('abort', () => reject(new Error('The upload was stopped.')));
    xhr.send(form);
  });
}
