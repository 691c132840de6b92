import type { AuthUser, FreshToken } from '../../src/machines/auth.machine';

// The sign-in session as the user sees it (the header, local storage, where the browser goes), written
// from docs/specification.md section 4 and docs/machines.md ("auth"), not from the machine: the
// model-based test checks the machine against this.

/** What the page shows and keeps of the session, and what one step made happen. */
export interface SessionSeen {
  /** The avatar (signed in) or the Sign In button; the modal over it. */
  signedIn: boolean;
  modalOpen: boolean;
  stored: { token: string | null; expiration: string | null; profile: string | null };
  /** Navigations and provider calls the step made. */
  effects: { navigateHome: number; navigateToSuccessUrl: number; refreshStarted: number; signOutStarted: number };
}

type Effects = SessionSeen['effects'];
type Event = { type: string; user?: AuthUser; now?: number; output?: FreshToken; error?: { code?: string } };

/** Provider errors on a token refresh that mean the user is gone (signed out elsewhere, disabled, deleted). */
const USER_GONE = ['auth/no-current-user', 'auth/user-token-expired', 'auth/user-disabled', 'auth/user-not-found'];

/** The expected session, step by step. */
export class SessionModel {
  private user: AuthUser | null;
  private modal = false;
  private refreshing = false;
  private signingOut = false;
  private stored: SessionSeen['stored'];
  private effects: Effects = SessionModel.noEffects();

  /** A page that starts with the user cached in local storage (or nobody). */
  constructor(cached: AuthUser | null) {
    this.user = cached;
    this.stored = cached ? SessionModel.storedFor(cached) : { token: null, expiration: null, profile: null };
  }

  private static noEffects(): Effects {
    return { navigateHome: 0, navigateToSuccessUrl: 0, refreshStarted: 0, signOutStarted: 0 };
  }

  private static storedFor(user: AuthUser): SessionSeen['stored'] {
    return { token: user.accessToken, expiration: String(user.expirationTime), profile: JSON.stringify({ displayName: user.displayName, email: user.email }) };
  }

  /** What the page should show and keep now, and the effects of the last step. */
  seen(): SessionSeen {
    return { signedIn: this.user !== null, modalOpen: this.modal, stored: this.stored, effects: this.effects };
  }

  private signIn(user: AuthUser) {
    this.user = user;
    this.stored = SessionModel.storedFor(user);
  }

  private signOut() {
    this.user = null;
    this.refreshing = false;
    this.stored = { token: null, expiration: null, profile: null };
    this.effects.navigateHome++;
  }

  /** Applies one event. */
  step(event: Event): void {
    this.effects = SessionModel.noEffects();
    const signedIn = this.user !== null;
    switch (event.type) {
      case 'OPEN_MODAL':
        if (!signedIn && !this.signingOut) this.modal = true;
        break;
      case 'CLOSE_MODAL':
        this.modal = false;
        break;
      case 'SIGNED_IN':
        if (this.signingOut) break;
        if (this.modal) this.effects.navigateToSuccessUrl++;
        this.modal = false;
        this.refreshing = false;
        this.signIn(event.user!);
        break;
      case 'SIGNED_OUT':
        if (signedIn) this.signOut();
        this.signingOut = false;
        break;
      case 'LOG_OUT':
        if (!signedIn) break;
        this.signOut();
        this.signingOut = true;
        this.effects.signOutStarted++;
        break;
      case 'TOKEN_NEEDED':
        if (signedIn && !this.refreshing && event.now! >= this.user!.expirationTime) {
          this.refreshing = true;
          this.effects.refreshStarted++;
        }
        break;
      case 'xstate.done.actor.refreshToken':
        this.refreshing = false;
        this.signIn({ ...this.user!, ...event.output! });
        break;
      case 'xstate.error.actor.refreshToken':
        this.refreshing = false;
        if (USER_GONE.includes(event.error?.code ?? '')) this.signOut();
        break;
      case 'xstate.done.actor.providerSignOut':
      case 'xstate.error.actor.providerSignOut':
        this.signingOut = false;
        break;
    }
  }
}
