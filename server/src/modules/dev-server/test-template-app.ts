import { ProjectSchema, type DevServerStatus, type TemplateId } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../../test/client';
import { devServerStatus, fetchPreview, onPreview } from './test-dev-server';

/** How long a template's app took: installing its packages, then starting until it answered. */
export interface AppTiming {
  /** Null when there was nothing to install. */
  installSeconds: number | null;
  /** Null when it never ran. */
  startSeconds: number | null;
}

/** What Run app came to: running (with its preview address) or ended, and how long it took. */
export interface SettledApp {
  status: DevServerStatus;
  /** The preview link on the test's preview server, while it runs. */
  url: string | null;
  timing: AppTiming;
  /** The app's log so far (the install's output, then the app's own). */
  log: string;
}

/** Creates a project from a template through the API, as the create dialog does. */
export async function createFromTemplate(
  client: TestClient,
  templateId: TemplateId,
): Promise<string> {
  const response = await client.post('/api/projects', { name: `${templateId} app`, templateId });
  expect(response.statusCode, response.body).toBe(201);
  return ProjectSchema.parse(response.json()).id;
}

/**
 * Presses Run app (POST …/dev-server) and follows the status until the app runs or ends,
 * timing the install and the start apart. Fails with the status and the log's end when it is
 * still on its way after `timeoutMs`.
 */
export async function runApp(options: {
  app: FastifyInstance;
  preview: FastifyInstance;
  client: TestClient;
  projectId: string;
  timeoutMs: number;
  /**
   * The port the app must be reached on before it counts as running: the forwarder takes the
   * first port the app opens and moves to the named one once it listens (decision 0020), so an
   * app that opens another port first (an API beside Vite) is shown on that one a moment.
   */
  port?: number;
}): Promise<SettledApp> {
  const { app, client, projectId } = options;
  const pressed = Date.now();
  const started = await client.post(`/api/projects/${projectId}/dev-server`, {});
  expect(started.statusCode, started.body).toBe(200);
  let installedAt: number | null = null;
  let installing = false;
  const deadline = pressed + options.timeoutMs;
  for (;;) {
    const status = await devServerStatus(client, projectId);
    if (status.state === 'installing') installing = true;
    else if (installing && installedAt === null) installedAt = Date.now();
    const ended = status.state === 'crashed' || status.state === 'stopped';
    const running = status.state === 'running' && (!options.port || status.port === options.port);
    if (running || ended) {
      const now = Date.now();
      const startFrom = installedAt ?? pressed;
      return {
        status,
        url: status.previewUrl ? onPreview(options.preview, status.previewUrl) : null,
        timing: {
          installSeconds: installing ? seconds((installedAt ?? now) - pressed) : null,
          startSeconds: ended ? null : seconds(now - startFrom),
        },
        log: logOf(app, projectId),
      };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Still ${status.state} after ${options.timeoutMs / 1000} s: ${JSON.stringify(status)}\n` +
          `Log:\n${logOf(app, projectId).slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Fails, with the status and the end of the log, unless the app runs. */
export function expectRunning(settled: SettledApp): string {
  const why = `${JSON.stringify(settled.status)}\nLog:\n${settled.log.slice(-4000)}`;
  expect(settled.status.state, why).toBe('running');
  expect(settled.url, why).not.toBeNull();
  return settled.url!;
}

/** Stop (DELETE …/dev-server): the app ends and its link goes back to the static preview. */
export async function stopApp(client: TestClient, projectId: string): Promise<void> {
  const stopped = await client.delete(`/api/projects/${projectId}/dev-server`);
  expect(stopped.statusCode, stopped.body).toBe(200);
  expect(stopped.json()).toMatchObject({ state: 'stopped', previewUrl: null });
}

/** A GET through the preview: its status, content type and text. */
export async function fetchText(
  url: string,
): Promise<{ status: number; type: string; text: string }> {
  const response = await fetchPreview(url);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** The dev server's log as the log stream would start it: the output kept so far. */
function logOf(app: FastifyInstance, projectId: string): string {
  const subscription = app.devServers.subscribe(projectId, () => undefined);
  subscription.stop();
  return subscription.backlog;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
