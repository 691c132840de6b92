import { describe, expect, it } from 'vitest';
import { S3Storage } from '../../../server/storage/s3Storage';
import { describeKey, jobImageKey, uploadKey, userPrefix } from '../../../server/storage/storageKeys';
import { expectedSignature } from '../../support/s3PostPolicyGate';

// The worked example of AWS's "Example: Browser-Based Upload using HTTP POST (Using AWS Signature
// Version 4)": its base64 policy (CRLF line ends), example credentials and published signature.
const AWS_EXAMPLE_POLICY =
  'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
const AWS_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('S3 POST policies', () => {
  it("are checked in the tests' S3 gate as AWS's own worked example signs them", () => {
    const credential = ['AKIAIOSFODNN7EXAMPLE', '20151229', 'us-east-1', 's3', 'aws4_request'];
    expect(expectedSignature(AWS_EXAMPLE_SECRET, credential, AWS_EXAMPLE_POLICY)).toBe('8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e');
  });

  it('allow exactly one key, its content type and 1 to maxBytes bytes, until the expiry, and are signed for what they allow', async () => {
    const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: AWS_EXAMPLE_SECRET };
    const storage = new S3Storage({ endpoint: 'https://s3.example.com', bucket: 'photos', region: 'eu-west-1', credentials, forcePathStyle: true });
    const key = 'users/x/uploads/estimation/a.png';
    const before = Date.now();
    const slot = await storage.uploadSlot(key, 5000, 900);
    expect(slot.method).toBe('POST');
    expect(slot.url).toBe('https://s3.example.com/photos');
    const fields = Object.fromEntries(Object.entries(slot.fields!).map(([name, value]) => [name.toLowerCase(), value]));
    expect(fields).toMatchObject({ key, 'content-type': 'image/png', 'x-amz-algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ bucket: 'photos' }, { key }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, 5000]]),
    );
    const expires = Date.parse(policy.expiration);
    expect(expires).toBeGreaterThanOrEqual(before + 899_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 901_000);
    expect(Math.abs(expires - slot.expiresAt.getTime())).toBeLessThan(2000);
    const credential = fields['x-amz-credential'].split('/');
    expect(credential.slice(2)).toEqual(['eu-west-1', 's3', 'aws4_request']);
    expect(fields['x-amz-signature']).toBe(expectedSignature(AWS_EXAMPLE_SECRET, credential, fields.policy));
  });
});

describe('storage keys for the storage ledger', () => {
  it("name the user's folder and what a file is", () => {
    const folder = userPrefix('uid1');
    const job = '0b8f1c9e-6a51-4c4e-9d3a-2f7d1e0c5b11';
    expect(describeKey(jobImageKey('uid1', job, 'run1', 0))).toEqual({ owner: folder, kind: 'job', jobId: job });
    expect(describeKey(uploadKey('uid1', 'estimation', 'a.png', 'image/png'))).toEqual({ owner: folder, kind: 'upload', jobId: null });
    expect(describeKey(`${folder}/poses/p1/thumbnail.png`)).toEqual({ owner: folder, kind: 'pose', jobId: null });
    expect(describeKey(`${folder}/jobs/not-a-uuid/r/image-1.png`)).toEqual({ owner: folder, kind: 'job', jobId: null });
    expect(describeKey('probe')).toBeNull();
    expect(describeKey('elsewhere/x/uploads/a.png')).toBeNull();
  });
});
