import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The embedded database, with the extensions Kiln's migrations create (0003, the search index).
 * Everything that opens a Kiln data folder goes through here: a PGlite opened without them
 * cannot write to `files`, whose index needs pg_trgm's functions. `copyOf` starts it from a
 * dump of another (`dumpDataDir`), instead of an empty cluster.
 */
export function openPglite(dataDir: string | undefined, copyOf?: Blob): PGlite {
  return new PGlite({ dataDir, extensions: { pg_trgm, btree_gin }, loadDataDir: copyOf });
}
