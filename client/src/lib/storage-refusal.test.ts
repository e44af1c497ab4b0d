import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { storageRefusal } from './storage-refusal';

/** An error as the request helper throws it. */
const helperError = (status: number, body: unknown) =>
  ApiError.fromBody(status, '', typeof body === 'string' ? body : JSON.stringify(body));

describe('storageRefusal', () => {
  it("turns the server's PLAN_LIMIT refusal into a toast with its sentence", async () => {
    const error =
      'This change needs 12.4 MB but the project has 3.1 MB left of its 5 GB (Free plan). Delete files or upgrade to Pro.';
    expect(storageRefusal(await helperError(403, { error, code: 'PLAN_LIMIT' }))).toEqual({
      title: 'Not enough storage',
      description: error,
    });
  });

  it("turns the server's DISK_FULL refusal into a toast with its sentence", async () => {
    const error = "The server's disk is full; your change was not saved";
    expect(storageRefusal(await helperError(507, { error, code: 'DISK_FULL' }))).toEqual({
      title: 'The server is out of disk space',
      description: error,
    });
  });

  it('leaves every other failure to its own toast', async () => {
    expect(
      storageRefusal(await helperError(403, { error: 'Viewers cannot', code: 'FORBIDDEN' })),
    ).toBeNull();
    expect(storageRefusal(await helperError(502, '<html>Bad gateway</html>'))).toBeNull();
    expect(storageRefusal(new Error('Failed to fetch'))).toBeNull();
  });
});
