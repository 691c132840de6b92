import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { startS3PostPolicyGate } from './s3PostPolicyGate';

/** Credentials every s3rver accepts (its built-in account). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3-compatible server on loopback with one empty bucket, and the environment that points Posecraft at it. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** STORAGE=s3 and the S3_* variables for this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts @20minutes/s3rver (a fake S3 in Node: SigV4 signatures and presigned-URL expiry are
 * checked, objects live in a temp folder) on a free loopback port with one bucket, behind a gate
 * that checks browser POST uploads' policies as S3 does (s3rver itself does not).
 */
export async function startS3TestServer(bucket = 'posecraft-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const gate = await startS3PostPolicyGate(`http://127.0.0.1:${port}`, { [S3RVER_CREDENTIALS.accessKeyId]: S3RVER_CREDENTIALS.secretAccessKey });
  const endpoint = gate.url;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    async close() {
      await gate.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
