import { describe, expect, it } from 'vitest';
import { errorCode } from './error-code';

describe('errorCode', () => {
  it('reads the code of a Kiln error answer', () => {
    const error = new Error(
      '503: {"error":"No AI provider is configured","code":"AI_NOT_CONFIGURED"}',
    );
    expect(errorCode(error)).toBe('AI_NOT_CONFIGURED');
  });

  it('is null for answers that are not Kiln’s and for other errors', () => {
    expect(errorCode(new Error('502: <html>Bad gateway</html>'))).toBeNull();
    expect(errorCode(new Error('500: {"error":"Internal"}'))).toBeNull();
    expect(errorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorCode('503: {"code":"AI_NOT_CONFIGURED"}')).toBeNull();
  });
});
