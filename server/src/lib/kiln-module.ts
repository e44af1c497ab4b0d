import type { FastifyInstance } from 'fastify';

/**
 * A server module as the app sees it: its name, and one function that registers its jobs
 * (before the worker starts) and its routes, taking what it `Needs` from the app's context.
 * Each module's index.ts exports one; the app registers them from one list (server/src/app/).
 */
export interface KilnModule<Needs> {
  /** The module's folder name under server/src/modules. */
  readonly name: string;
  readonly register: (app: FastifyInstance, context: Needs) => Promise<void> | void;
}

/** Typed once here so each module's index says only its needs and its registration. */
export function defineModule<Needs>(module: KilnModule<Needs>): KilnModule<Needs> {
  return module;
}
