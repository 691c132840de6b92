import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_TOKEN_LIMITS, type AccessTokenScope } from '../../api/contract';
import { createAccessToken, listAccessTokens, revokeAccessToken, type AccessTokenSummary, type CreatedAccessToken } from '../../api/integrations';
import './accessTokens.css';

/** The scope choices: read only, or read and write (what an edit session needs). */
const SCOPE_CHOICES: Record<'read' | 'write', AccessTokenScope[]> = { read: ['documents:read'], write: ['documents:read', 'documents:write'] };
/** Lifetimes offered, in days; 0 is "never expires". */
const LIFETIMES = [30, 90, 365, 0] as const;

interface AccessTokensDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Account menu → Access tokens: make a personal access token (name, scope, lifetime; shown once with Copy), list them, revoke one. */
export default function AccessTokensDialog({ open, onOpenChange }: AccessTokensDialogProps) {
  const { t } = useTranslation();
  // The list and when it was read (what "expired" is measured against).
  const [listed, setListed] = useState<{ tokens: AccessTokenSummary[]; at: number }>({ tokens: [], at: 0 });
  const [made, setMade] = useState<CreatedAccessToken | null>(null);
  const reload = useCallback(
    () =>
      listAccessTokens().then(
        (tokens) => setListed({ tokens, at: Date.now() }),
        () => undefined,
      ),
    [],
  );
  useEffect(() => void reload(), [reload]);
  const revoke = async (id: string) => {
    await revokeAccessToken(id).catch(() => undefined);
    if (made?.id === id) setMade(null);
    await reload();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="editor-help-overlay" />
        <Dialog.Content className="editor-help access-tokens">
          <Dialog.Title>{t('accessTokens.title')}</Dialog.Title>
          <Dialog.Description className="muted">{t('accessTokens.description')}</Dialog.Description>
          <NewTokenForm
            onMade={(token) => {
              setMade(token);
              void reload();
            }}
          />
          {made && <ShownOnce token={made.token} />}
          <TokenList tokens={listed.tokens} at={listed.at} onRevoke={(id) => void revoke(id)} />
          <Dialog.Close className="editor-help-close" aria-label={t('accessTokens.close')}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewTokenForm({ onMade }: { onMade(token: CreatedAccessToken): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('ComfyUI');
  const [scope, setScope] = useState<keyof typeof SCOPE_CHOICES>('write');
  const [days, setDays] = useState<number>(90);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onMade(await createAccessToken({ name: name.trim(), scopes: SCOPE_CHOICES[scope], ...(days ? { expires_in_days: days } : {}) }));
    } catch {
      // The client has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="access-token-form" onSubmit={(event) => void submit(event)}>
      <label>
        {t('accessTokens.name')}
        <input value={name} maxLength={ACCESS_TOKEN_LIMITS.nameLength} required onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('accessTokens.scope')}
        <select value={scope} onChange={(e) => setScope(e.target.value as keyof typeof SCOPE_CHOICES)}>
          <option value="read">{t('accessTokens.scopeRead')}</option>
          <option value="write">{t('accessTokens.scopeWrite')}</option>
        </select>
      </label>
      <label>
        {t('accessTokens.expires')}
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {LIFETIMES.map((d) => (
            <option key={d} value={d}>
              {d ? t('accessTokens.days', { count: d }) : t('accessTokens.never')}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button-primary" disabled={busy || !name.trim()}>
        {t('accessTokens.create')}
      </button>
    </form>
  );
}

function ShownOnce({ token }: { token: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(token).then(
      () => setCopied(true),
      () => undefined,
    );
  return (
    <div className="access-token-once" role="status">
      <p>{t('accessTokens.shownOnce')}</p>
      <code data-testid="new-access-token">{token}</code>
      <button type="button" onClick={() => void copy()}>
        {copied ? t('accessTokens.copied') : t('accessTokens.copy')}
      </button>
    </div>
  );
}

function TokenList({ tokens, at, onRevoke }: { tokens: AccessTokenSummary[]; at: number; onRevoke(id: string): void }) {
  const { t, i18n } = useTranslation();
  const day = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : none);
  if (!tokens.length) return <p className="muted">{t('accessTokens.none')}</p>;
  return (
    <table className="access-token-list">
      <thead>
        <tr>
          <th>{t('accessTokens.name')}</th>
          <th>{t('accessTokens.scope')}</th>
          <th>{t('accessTokens.expires')}</th>
          <th>{t('accessTokens.lastUsed')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td>{token.name}</td>
            <td>{token.scopes.includes('documents:write') ? t('accessTokens.scopeWrite') : t('accessTokens.scopeRead')}</td>
            <td>{token.expires_at && Date.parse(token.expires_at) <= at ? t('accessTokens.expired') : day(token.expires_at, t('accessTokens.never'))}</td>
            <td>{day(token.last_used_at, t('accessTokens.unused'))}</td>
            <td>
              <button type="button" onClick={() => onRevoke(token.id)} aria-label={t('accessTokens.revokeNamed', { name: token.name })}>
                {t('accessTokens.revoke')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
