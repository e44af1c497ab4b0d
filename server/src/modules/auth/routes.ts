import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginInputSchema,
  MessageResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  registerSchemaFor,
  TokenInputSchema,
  UserResponseSchema,
} from '@kiln/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { JobQueue } from '../../jobs/job';
import { recordAudit } from '../audit';
import type { AuthJobs } from './jobs';
import type { ThrottlePolicy } from './login-throttle';
import { requireUser } from './policy';
import { presentUser } from './presenter';
import {
  confirmEmailVerification,
  confirmPasswordReset,
  loginUser,
  registerUser,
  assertNotVerified,
} from './service';
import { clearSessionCookie, readSessionCookie, startSession } from './session-hook';
import { deleteSession, type SessionPolicy } from './sessions';
import type { AccountChanges } from './account-changes';

export interface AuthRouteDeps {
  db: Database;
  /** Told of every sign-out and account change, for every instance's session cache. */
  accountChanges: AccountChanges;
  /** Mail goes out as jobs, so the request never waits on the mail server. */
  jobs: JobQueue;
  authJobs: AuthJobs;
  adminEmails: readonly string[];
  sessionPolicy: SessionPolicy;
  throttle: ThrottlePolicy;
  /** Per-IP budget for the sign-in, registration and reset endpoints. */
  authRateLimit: { max: number; timeWindow: number };
}

export function registerAuthRoutes(fastify: FastifyInstance, deps: AuthRouteDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, sessionPolicy: policy, accountChanges: changes } = deps;
  const { jobs, authJobs } = deps;
  const limited = { rateLimit: deps.authRateLimit };

  app.post(
    '/api/auth/register',
    { config: limited, schema: { response: { 201: UserResponseSchema } } },
    async (request, reply) => {
      const input = parseInput(registerSchemaFor(request.body), request.body);
      const user = await registerUser({ db, input, adminEmails: deps.adminEmails });
      await startSession({ db, request, reply, user, policy, changes });
      await recordAudit(db, request, { action: 'auth.signed_up' });
      try {
        await jobs.enqueue(authJobs.verificationMail, { userId: user.id });
      } catch (error) {
        // The account exists either way; the dashboard offers to send the link again.
        request.log.error({ err: error }, 'verification email failed');
      }
      return reply.status(201).send({ user: presentUser(user) });
    },
  );

  app.post(
    '/api/auth/login',
    { config: limited, schema: { body: LoginInputSchema, response: { 200: UserResponseSchema } } },
    async (request, reply) => {
      const user = await loginUser({ db, input: request.body, throttle: deps.throttle }).catch(
        async (error: unknown) => {
          // The email as typed, never the password; the code says wrong password or locked.
          await recordAudit(db, request, {
            action: 'auth.sign_in_failed',
            actor: { id: null, email: request.body.email.toLowerCase() },
            details: { reason: error instanceof AppError ? error.code : 'ERROR' },
          });
          throw error;
        },
      );
      await startSession({ db, request, reply, user, policy, changes });
      await recordAudit(db, request, { action: 'auth.signed_in' });
      return { user: presentUser(user) };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const token = readSessionCookie(request);
      if (request.auth) await recordAudit(db, request, { action: 'auth.signed_out' });
      const endedFor = (token ? await deleteSession({ db, token }) : null) ?? request.auth?.user.id;
      // Even when the row was gone already: an instance may still hold the session it validated.
      if (endedFor) changes.publish({ userId: endedFor });
      clearSessionCookie(request, reply);
      // A token from before sign-out must not outlive its session
      // (docs/decisions/0002-sessions-csrf-and-throttling.md).
      request.rotateCsrfToken(reply, null);
      request.auth = null;
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { response: { 200: UserResponseSchema } } },
    async (request) => {
      return { user: presentUser(requireUser(request)) };
    },
  );

  /** The token in force for this browser, for a client that cannot read it from its cookie. */
  app.get(
    '/api/auth/csrf',
    { schema: { response: { 200: z.object({ csrfToken: z.string() }) } } },
    async (request) => ({ csrfToken: request.csrfToken }),
  );

  app.post(
    '/api/auth/verify-email/request',
    { config: limited, schema: { response: { 200: MessageResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      assertNotVerified(user);
      await jobs.enqueue(authJobs.verificationMail, { userId: user.id });
      return { message: `We sent a verification link to ${user.email}.` };
    },
  );

  app.post(
    '/api/auth/verify-email/confirm',
    { config: limited, schema: { body: TokenInputSchema, response: { 200: UserResponseSchema } } },
    async (request) => {
      const user = await confirmEmailVerification({ db, token: request.body.token });
      changes.publish({ userId: user.id });
      return { user: presentUser(user) };
    },
  );

  app.post(
    '/api/auth/password-reset/request',
    {
      config: limited,
      schema: { body: PasswordResetRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await jobs.enqueue(authJobs.passwordResetMail, { email: request.body.email });
      return {
        message: 'If an account exists for that email, we sent a link to reset its password.',
      };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: limited,
      schema: { body: PasswordResetConfirmSchema, response: { 200: UserResponseSchema } },
    },
    async (request, reply) => {
      const user = await confirmPasswordReset({
        db,
        token: request.body.token,
        password: request.body.password,
      });
      // Every session of the account ended with the reset, on every instance.
      changes.publish({ userId: user.id });
      await startSession({ db, request, reply, user, policy, changes });
      await recordAudit(db, request, { action: 'auth.password_reset' });
      return { user: presentUser(user) };
    },
  );
}
