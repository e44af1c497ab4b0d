// Every save one editor sent, in order, and the check that each acknowledged one was kept.
import pg from 'pg';
import type { SaveOutcome } from './saves';

export interface StoredFile {
  version: number;
  content: string;
}

export interface LedgerCheck {
  acknowledged: number;
  /** Acknowledged saves that the check found missing, with why. */
  lost: string[];
}

/**
 * The saves of one file by its one editor. The database keeps a file's latest text only, so
 * each acknowledged save (version v) is checked against the next definite word about the file
 * after it: the next save the server accepted was based on v (its compare-and-set found v
 * current), or the file as a 409 answer or the database after the run shows it is v with the
 * text sent, or v + 1 with the text of a save of ours whose answer never came (sent on v, so
 * built on it). Anything else, an older version or another text, lost it.
 */
export class SaveLedger {
  private readonly saves: SaveOutcome[] = [];

  constructor(readonly label: string) {}

  record(save: SaveOutcome) {
    this.saves.push(save);
  }

  get acknowledged(): number {
    return this.saves.filter((save) => save.status === 200).length;
  }

  /** Checks every acknowledged save, given the file as the database holds it after the run. */
  check(stored: StoredFile | null): LedgerCheck {
    const lost: string[] = [];
    this.saves.forEach((save, index) => {
      if (save.status !== 200 || save.version === undefined) return;
      const version = save.version;
      const unanswered: string[] = [];
      let next = index + 1;
      for (; next < this.saves.length; next += 1) {
        const later = this.saves[next]!;
        if (later.status === 200 || later.status === 409) break;
        unanswered.push(later.content);
      }
      const later = this.saves[next];
      if (later?.status === 200) {
        if (later.baseVersion !== version) {
          lost.push(`${this.label} v${version}: the next save was based on v${later.baseVersion}`);
        }
        return;
      }
      const shown = later?.current ?? stored;
      const where = later ? 'a 409 answer' : 'the database';
      if (!shown) {
        lost.push(`${this.label} v${version}: the file is not in the database`);
      } else if (shown.version === version && shown.content !== save.content) {
        lost.push(`${this.label} v${version}: ${where} holds other text at that version`);
      } else if (
        shown.version !== version &&
        !(shown.version === version + 1 && unanswered.includes(shown.content))
      ) {
        lost.push(`${this.label} v${version}: ${where} shows v${shown.version}`);
      }
    });
    return { acknowledged: this.acknowledged, lost };
  }
}

/** Runs one query on a database: PGlite's or a PostgreSQL client's `query`. */
export type FileQuery = (
  sql: string,
  params: unknown[],
) => Promise<{ rows: { id: string; version: number; content: string }[] }>;

/** The files with `ids` as the database holds them now, by id. */
export async function storedFiles(query: FileQuery, ids: string[]) {
  const result = await query('select id, version, content from files where id = any($1)', [ids]);
  return new Map<string, StoredFile>(result.rows.map((row) => [row.id, row]));
}

/** storedFiles on the PostgreSQL database at `url`, through a connection of its own. */
export async function storedFilesOnPostgres(url: string, ids: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await storedFiles((sql, params) => client.query(sql, params), ids);
  } finally {
    await client.end();
  }
}
