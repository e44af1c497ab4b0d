import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, type User } from '@kiln/shared';
import { expect } from 'vitest';

/** Every field of the current-user payload; anything else (a hash, a token) is a leak. */
export const PUBLIC_USER_KEYS = [
  'createdAt',
  'email',
  'emailVerified',
  'id',
  'isAdmin',
  'name',
  'subscriptionPlan',
  'subscriptionStatus',
  'username',
];

/** Asserts a `{ user }` answer carries exactly the public fields, and answers the user. */
export function expectUserBody(response: LightMyRequestResponse): User {
  const body = response.json<{ user: User }>();
  expect(Object.keys(body)).toEqual(['user']);
  expect(Object.keys(body.user).sort()).toEqual(PUBLIC_USER_KEYS);
  expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(body.user.createdAt))).toBe(false);
  expectNoSecrets(response);
  return body.user;
}

/**
 * No response body may carry a password hash or a session token, whatever its shape;
 * `extra` names other secrets the test knows of (an emailed token).
 */
export function expectNoSecrets(response: LightMyRequestResponse, extra: string[] = []) {
  const sessionToken = sessionCookie(response)?.value;
  const secrets = [...extra, ...(sessionToken ? [sessionToken] : [])];
  expect(response.body).not.toMatch(/\$argon2|passwordHash|password_hash/i);
  for (const secret of secrets) expect(response.body).not.toContain(secret);
}

interface ResponseCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
  path?: string;
  maxAge?: number;
  expires?: Date;
}

export function responseCookie(response: LightMyRequestResponse, name: string) {
  return (response.cookies as ResponseCookie[]).find((cookie) => cookie.name === name);
}

export const sessionCookie = (response: LightMyRequestResponse) =>
  responseCookie(response, SESSION_COOKIE);

/** The exact error body of the API: `{ error, code }` and nothing else. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ error: string; code: string }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  expect(body.code).toBe(code);
  expect(body.error.length).toBeGreaterThan(0);
  return body.error;
}
