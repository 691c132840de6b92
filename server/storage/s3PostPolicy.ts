import crypto from 'node:crypto';

/** The credentials a POST policy is signed with (the S3 client's, resolved). */
export interface PolicyCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** One browser upload to allow: exactly this key, this content type, 1 to maxBytes bytes, until expiresAt. */
export interface PostPolicyRequest {
  bucket: string;
  region: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
  now: Date;
  credentials: PolicyCredentials;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();

/** "20151229T000000Z": SigV4's date and time. */
function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * The SigV4 signature of a base64 POST policy: HMAC-SHA256 with the key derived from the secret,
 * the day (yyyymmdd), the region and "s3" (AWS docs, "Authenticating Requests: Browser-Based Uploads
 * Using POST"); hex.
 */
export function signPolicy(base64Policy: string, secretAccessKey: string, day: string, region: string): string {
  const dayKey = hmac(`AWS4${secretAccessKey}`, day);
  const signingKey = hmac(hmac(hmac(dayKey, region), 's3'), 'aws4_request');
  return crypto.createHmac('sha256', signingKey).update(base64Policy, 'utf8').digest('hex');
}

/**
 * The form fields of a presigned POST (the file goes last, as "file"): the bucket refuses an upload to
 * any other key, of any other content type, larger than maxBytes (content-length-range) or after expiry.
 */
export function presignPost(request: PostPolicyRequest): Record<string, string> {
  const { credentials } = request;
  const date = amzDate(request.now);
  const credential = `${credentials.accessKeyId}/${date.slice(0, 8)}/${request.region}/s3/aws4_request`;
  const signed: Record<string, string> = {
    key: request.key,
    'Content-Type': request.contentType,
    'x-amz-algorithm': ALGORITHM,
    'x-amz-credential': credential,
    'x-amz-date': date,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const policy = {
    expiration: request.expiresAt.toISOString(),
    conditions: [{ bucket: request.bucket }, ...Object.entries(signed).map(([name, value]) => ({ [name]: value })), ['content-length-range', 1, request.maxBytes]],
  };
  const base64Policy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return { ...signed, policy: base64Policy, 'x-amz-signature': signPolicy(base64Policy, credentials.secretAccessKey, date.slice(0, 8), request.region) };
}
