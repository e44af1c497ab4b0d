import { z } from 'zod';

/**
 * Package installs for a project (decision 0016): npm into `node_modules/`, Python wheels into
 * `.venv/`, both inside the sandbox and through Kiln's registry proxy.
 */
export const PACKAGE_ECOSYSTEMS = ['npm', 'python'] as const;
export type PackageEcosystem = (typeof PACKAGE_ECOSYSTEMS)[number];

/** One ecosystem a project's manifests ask for, and where its install stands. */
export const EcosystemStatusSchema = z.object({
  ecosystem: z.enum(PACKAGE_ECOSYSTEMS),
  /** `package.json`, `requirements.txt` or `pyproject.toml`. */
  manifest: z.string(),
  /** `package-lock.json` (or `npm-shrinkwrap.json`) when the project has one. */
  lockfile: z.string().nullable(),
  /** Where the packages go: `node_modules` or `.venv`. */
  folder: z.string(),
  /** An install finished and its folder is still there. */
  installed: z.boolean(),
  /** Installed from the manifest and lockfile as they are now. */
  upToDate: z.boolean(),
  installedAt: z.string().nullable(),
});
export type EcosystemStatus = z.infer<typeof EcosystemStatusSchema>;

/** GET /api/packages/{projectId}. */
export const PackageStatusSchema = z.object({
  /** Empty when the project has no manifest: there is nothing to install. */
  ecosystems: z.array(EcosystemStatusSchema),
  allowScripts: z.boolean(),
  /** An install of this project is running now. */
  installing: z.boolean(),
});
export type PackageStatus = z.infer<typeof PackageStatusSchema>;

/** PUT /api/packages/{projectId}/settings, and its answer. */
export const PackageSettingsSchema = z.object({
  /**
   * Whether npm runs packages' install scripts (`postinstall` and the like). They run in the
   * sandbox either way; off by default, as most packages do not need them.
   */
  allowScripts: z.boolean({ error: 'allowScripts must be true or false' }),
});
export type PackageSettings = z.infer<typeof PackageSettingsSchema>;

/** POST /api/packages/{projectId}/install; the body may be left out. */
export const InstallPackagesInputSchema = z
  .object({
    /** Reinstall ecosystems that are up to date too. */
    force: z.boolean({ error: 'force must be true or false' }).optional().default(false),
  })
  .optional()
  .transform((input) => input ?? { force: false });
export type InstallPackagesInput = z.input<typeof InstallPackagesInputSchema>;

/**
 * The install answers a stream of these, one JSON object per line (NDJSON): what the installers
 * print, as it comes, then one `done`.
 */
export const InstallEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('output'), data: z.string() }),
  z.object({
    type: z.literal('done'),
    ok: z.boolean(),
    /** For people: what was installed, or why it failed. */
    message: z.string(),
    durationMs: z.number().int().nonnegative(),
  }),
]);
export type InstallEvent = z.infer<typeof InstallEventSchema>;

export const INSTALL_STREAM_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** A run that failed because a package is missing, and whether installing may help. */
export const MissingPackageSchema = z.object({
  /** The package the program asked for (`express`, `@scope/name`, `flask`). */
  name: z.string(),
  ecosystem: z.enum(PACKAGE_ECOSYSTEMS),
  /** The manifest that would list it (`package.json`, `requirements.txt`). */
  manifest: z.string(),
  /** Whether that manifest lists it: if so, installing the project's packages fixes the run. */
  listed: z.boolean(),
});
export type MissingPackage = z.infer<typeof MissingPackageSchema>;
