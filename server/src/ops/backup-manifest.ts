import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { OperationRefused } from './operation-refused';

/** The files of one backup, by name inside its folder or prefix. */
export const backupFiles = {
  manifest: 'manifest.json',
  database: 'database.dump',
  imageOf: (key: string) => `images/${key}`,
} as const;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  kind: z.literal('manukato-backup'),
  /** Raised when a later shop writes backups this one cannot read. */
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    file: z.literal(backupFiles.database),
    bytes: z.number().int().nonnegative(),
    sha256: sha256Hex,
    /** The server dumped, e.g. "15.20": a restore needs one at least as new. */
    serverVersion: z.string(),
    /** The pg_dump that wrote the archive: a restore needs a pg_restore at least as new. */
    pgDumpVersion: z.string(),
    /** The newest migration applied (mikro_orm_migrations), and how many were. */
    migration: z.object({ latest: z.string().nullable(), applied: z.number().int().nonnegative() }),
    /** Rows of every table, as the dump's snapshot saw them: a restore checks it finds the same. */
    rows: z.record(z.string(), z.number().int().nonnegative()),
  }),
  images: z.object({
    /** Where they were kept: 'local' (UPLOADS_DIR) or 's3' (S3_BUCKET). */
    from: z.enum(['local', 's3']),
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    files: z.array(z.object({ key: z.string(), bytes: z.number().int().nonnegative(), sha256: sha256Hex })),
    /** Files the database referred to that were gone from storage by the time they were copied. */
    missing: z.array(z.string()),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The manifest read back, or a refusal saying why it is not one this shop can restore. */
export function parseManifest(data: Buffer | null, address: string): BackupManifest {
  if (!data) {
    throw new OperationRefused(
      `${address} has no ${backupFiles.manifest}: not a backup, or one that did not finish (the manifest is written last).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new OperationRefused(`${address}/${backupFiles.manifest} is not JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new OperationRefused(
      `${address}/${backupFiles.manifest} is not a manifest this shop can read (${problems.join('; ')}).`,
    );
  }
  return parsed.data;
}
