import { describe, expect, it } from 'vitest';
import { presignPost, signPolicy } from '../../../server/storage/s3PostPolicy';
import { describeKey, jobImageKey, uploadKey, userPrefix } from '../../../server/storage/storageKeys';

// The worked example of AWS's "Example: Browser-Based Upload using HTTP POST (Using AWS Signature
// Version 4)": its base64 policy (CRLF line ends), example credentials and published signature.
const AWS_EXAMPLE_POLICY =
  'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
const AWS_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('S3 POST policies', () => {
  it("sign as AWS's own worked example does", () => {
    expect(signPolicy(AWS_EXAMPLE_POLICY, AWS_EXAMPLE_SECRET, '20151229', 'us-east-1')).toBe('8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e');
  });

  it('allow exactly one key, its content type and 1 to maxBytes bytes, until the expiry, and sign what they allow', () => {
    const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: AWS_EXAMPLE_SECRET, sessionToken: 'session' };
    const fields = presignPost({
      bucket: 'photos', region: 'eu-west-1', key: 'users/x/uploads/estimation/a.png', contentType: 'image/png', maxBytes: 5000,
      expiresAt: new Date('2026-01-02T03:19:05Z'), now: new Date('2026-01-02T03:04:05.678Z'), credentials,
    });
    expect(Object.keys(fields)).toEqual(['key', 'Content-Type', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-security-token', 'policy', 'x-amz-signature']);
    expect(fields['x-amz-credential']).toBe('AKIAIOSFODNN7EXAMPLE/20260102/eu-west-1/s3/aws4_request');
    expect(fields['x-amz-date']).toBe('20260102T030405Z');
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64').toString('utf8'));
    expect(policy.expiration).toBe('2026-01-02T03:19:05.000Z');
    expect(policy.conditions).toEqual([
      { bucket: 'photos' },
      { key: 'users/x/uploads/estimation/a.png' },
      { 'Content-Type': 'image/png' },
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      { 'x-amz-credential': 'AKIAIOSFODNN7EXAMPLE/20260102/eu-west-1/s3/aws4_request' },
      { 'x-amz-date': '20260102T030405Z' },
      { 'x-amz-security-token': 'session' },
      ['content-length-range', 1, 5000],
    ]);
    expect(fields['x-amz-signature']).toBe(signPolicy(fields.policy, AWS_EXAMPLE_SECRET, '20260102', 'eu-west-1'));
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
