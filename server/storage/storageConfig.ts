/** An S3 bucket (AWS or any S3-compatible store). */
export interface S3Settings {
  /** Endpoint URL of an S3-compatible store; null for AWS S3 itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Static credentials; null uses the AWS default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (most S3-compatible stores need it). */
  forcePathStyle: boolean;
}

/** Where images live: local disk (the default) or an S3 bucket. */
export type StorageSettings = { kind: 'local' } | { kind: 's3'; s3: S3Settings };

/** Reads STORAGE and the S3_* variables; S3 needs at least S3_BUCKET. */
export function loadStorageSettings(env: NodeJS.ProcessEnv): StorageSettings {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be local or s3, got "${kind}"`);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const endpoint = (env.S3_ENDPOINT || '').replace(/\/+$/, '') || null;
  if (endpoint && !/^https?:\/\/[^/]+$/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) origin such as https://s3.example.com, got "${endpoint}"`);
  const [accessKeyId, secretAccessKey] = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (AWS default credentials)');
  return {
    kind: 's3',
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION || 'us-east-1',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
      forcePathStyle: ['1', 'true'].includes((env.S3_FORCE_PATH_STYLE || '').toLowerCase()),
    },
  };
}

/** The origin browsers fetch and upload images at (for the Content-Security-Policy); null for local disk. */
export function storageOrigin(settings: StorageSettings): string | null {
  if (settings.kind !== 's3') return null;
  const { endpoint, bucket, region, forcePathStyle } = settings.s3;
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  return forcePathStyle ? base.origin : `${base.protocol}//${bucket}.${base.host}`;
}
