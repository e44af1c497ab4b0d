import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { quotaRefusal } from './quota-refusal';

/** An error as the request helper throws it. */
const helperError = (status: number, body: unknown) =>
  ApiError.fromBody(status, '', typeof body === 'string' ? body : JSON.stringify(body));

describe('quotaRefusal', () => {
  it("turns the server's PLAN_LIMIT refusal into a toast with its sentence", () => {
    const error =
      'This change needs 12.4 MB but the project has 3.1 MB left of its 5 GB (Free plan). Delete files or upgrade to Pro.';
    expect(quotaRefusal(helperError(403, { error, code: 'PLAN_LIMIT' }))).toEqual({
      title: 'Not enough storage',
      description: error,
    });
  });

  it('leaves every other failure to its own toast', () => {
    expect(
      quotaRefusal(helperError(403, { error: 'Viewers cannot', code: 'FORBIDDEN' })),
    ).toBeNull();
    expect(quotaRefusal(helperError(502, '<html>Bad gateway</html>'))).toBeNull();
    expect(quotaRefusal(new Error('Failed to fetch'))).toBeNull();
  });
});
