import type { JobDefinition } from './job';

/** The job kinds a process knows, by name; both back ends look handlers up here. */
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();

  add(definition: JobDefinition<unknown>): void {
    const known = this.definitions.get(definition.name);
    if (known && known !== definition) {
      throw new Error(`Two different jobs are named ${definition.name}`);
    }
    this.definitions.set(definition.name, definition);
  }

  get(name: string): JobDefinition<unknown> | undefined {
    return this.definitions.get(name);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  /** The payload as its schema outputs it; a job that was never registered is a bug. */
  validate<Payload>(definition: JobDefinition<Payload>, payload: Payload): Payload {
    if (this.definitions.get(definition.name) !== definition) {
      throw new Error(`The job ${definition.name} was enqueued before it was registered`);
    }
    return definition.payload.parse(payload);
  }
}
