import { describe, expect, it } from 'vitest';
import { inspectorRequested, stripSecrets } from '../../../src/machines/inspector';

describe('inspector', () => {
  it('is switched on by ?inspect or VITE_INSPECT=true only', () => {
    expect(inspectorRequested('?inspect', undefined)).toBe(true);
    expect(inspectorRequested('?lng=zh&inspect=1', undefined)).toBe(true);
    expect(inspectorRequested('', 'true')).toBe(true);
    expect(inspectorRequested('?inspector-off', 'false')).toBe(false);
  });

  it('never shows tokens, passwords or codes', () => {
    const context = {
      user: { displayName: 'Ada', email: 'ada@example.com', accessToken: 'eyJ...', stsTokenManager: { refreshToken: 'r' } },
      form: { password: 'secret123', oobCode: 'abc' },
      list: [{ access_token: 't' }],
      headers: { Authorization: 'Bearer x' },
    };
    expect(stripSecrets(context)).toEqual({
      user: { displayName: 'Ada', email: 'ada@example.com', accessToken: '[redacted]', stsTokenManager: '[redacted]' },
      form: { password: '[redacted]', oobCode: '[redacted]' },
      list: [{ access_token: '[redacted]' }],
      headers: { Authorization: '[redacted]' },
    });
    expect(context.form.password).toBe('secret123');
  });
});
