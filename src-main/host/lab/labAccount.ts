// The desktop app's account on a lab server (issue 31, *The desktop app as a client of a lab
// server*): the lab's URL, the sign-in (authorization code + PKCE with a loopback redirect, the
// browser opened by the glue on the URL this returns), tokens that refresh on their own before they
// expire, sign-out that revokes where the issuer allows, and which side the GUI works on. Persisted
// encrypted through a LabSessionStore; Electron-free. A call the lab refused for a scope this
// sign-in lacks (403 insufficient_scope) is remembered as the scope needed, and the next sign-in
// asks for it on top of what is held (the MCP spec's step-up, with the person in the browser).
import { randomBytes } from 'node:crypto';
import { parseServerUrl } from '../registration/remoteServer.js';
import { describeError, type Logger } from '../log.js';
import type { LabSessionRecord, LabSessionStore, LabTokens } from './labSessionStore.js';
import { openLoopbackRedirect, type LoopbackRedirect } from './loopbackRedirect.js';
import { computeScopeUnion } from '@modelcontextprotocol/client';
import { authorizationRequest, chooseClientId, discoverLabIssuer, exchangeCode, refreshTokens, revokeTokens, scopesMissing, tokenIdentity, type LabClientIdentity, type LabIssuer } from './labOAuth.js';

export type LabSide = 'local' | 'lab';

export interface LabStatus {
  url: string | null;
  active: LabSide;
  state: 'signed-out' | 'signing-in' | 'signed-in';
  identity: { name: string; subject: string; issuer: string } | null;
  /** The last thing that went wrong, in words the scientist can act on. */
  message: string | null;
  /** Scopes the lab refused a call for that this sign-in does not grant: signing in again asks for them. */
  scopeNeeded: string | null;
  storage: string;
}

/** Refresh this long before the access token expires, by default. */
const REFRESH_AHEAD_MS = 30_000;
/** A sign-in the browser never came back from is abandoned after this long. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

export interface LabAccountOptions {
  store: LabSessionStore;
  client: LabClientIdentity;
  log: Logger;
  /** Called after every change of status (the side, the sign-in): the host drops the lab connection or tells the GUI. */
  onChange: (status: LabStatus) => void;
  /** How long before expiry tokens are refreshed (default 30 s; tests with seconds-long tokens shorten it). */
  refreshAheadMs?: number;
}

interface PendingSignIn {
  redirect: LoopbackRedirect;
  done: Promise<void>;
}

export class LabAccount {
  readonly #options: LabAccountOptions;
  #record: LabSessionRecord | null = null;
  #issuer: LabIssuer | null = null;
  #pending: PendingSignIn | null = null;
  #refreshTimer: NodeJS.Timeout | null = null;
  #refreshing: Promise<LabTokens> | null = null;
  #message: string | null = null;
  #scopeNeeded: string | null = null;

  constructor(options: LabAccountOptions) {
    this.#options = options;
  }

  get #refreshAhead(): number {
    return this.#options.refreshAheadMs ?? REFRESH_AHEAD_MS;
  }

  async load(): Promise<void> {
    this.#record = await this.#options.store.load();
    this.#scheduleRefresh();
  }

  status(): LabStatus {
    const record = this.#record;
    const signedIn = record?.signedIn ?? null;
    return {
      url: record?.url ?? null,
      active: record?.active ?? 'local',
      state: this.#pending !== null ? 'signing-in' : signedIn !== null ? 'signed-in' : 'signed-out',
      identity: signedIn === null ? null : { name: signedIn.name, subject: signedIn.subject, issuer: signedIn.issuer },
      message: this.#message,
      scopeNeeded: signedIn === null ? null : this.#scopeNeeded,
      storage: this.#options.store.description,
    };
  }

  /** The lab's URL; a different lab than the signed-in one signs out first (its tokens are for that lab only). */
  async setUrl(raw: string): Promise<LabStatus> {
    const { url } = parseServerUrl(raw.trim());
    if (this.#record?.url === url) return this.status();
    if (this.#record?.signedIn) await this.signOut();
    this.#issuer = null;
    await this.#save({ url, active: 'local', signedIn: null });
    return this.#changed(null);
  }

  /**
   * Starts a sign-in and returns the authorization URL to open in the system browser. The sign-in
   * completes when the browser comes back to the loopback redirect (whenSignedIn()).
   */
  async beginSignIn(): Promise<{ authorizationUrl: string }> {
    const url = this.#record?.url;
    if (url === undefined) throw new Error('Enter the lab server\'s URL first.');
    await this.#cancelPending();
    const issuer = await discoverLabIssuer(url);
    this.#issuer = issuer;
    const clientId = chooseClientId(issuer.metadata, this.#options.client);
    const state = randomBytes(24).toString('base64url');
    const redirect = await openLoopbackRedirect(state);
    try {
      const held = this.#record?.signedIn?.tokens.scope ?? undefined;
      const { authorizationUrl, codeVerifier, scope: asked } = await authorizationRequest(issuer, clientId, redirect.redirectUri, state, computeScopeUnion(held, this.#scopeNeeded ?? undefined));
      const timeout = setTimeout(() => void redirect.close(), SIGN_IN_TIMEOUT_MS).unref();
      const done = redirect.callback
        .then(async ({ code, iss }) => {
          const tokens = await exchangeCode(issuer, clientId, code, codeVerifier, redirect.redirectUri, iss);
          const who = tokenIdentity(tokens.access_token);
          await this.#save({ url, active: this.#record?.active ?? 'local', signedIn: { issuer: issuer.issuer, clientId, name: who.name, subject: who.subject, tokens } });
          this.#scheduleRefresh();
          // What the issuer granted may still be narrower than what was asked for (its policy, or the person's consent).
          const stillMissing = scopesMissing(this.#scopeNeeded, tokens.scope);
          this.#scopeNeeded = stillMissing;
          this.#message = stillMissing === null || asked === undefined
            ? null
            : `Signed in again, but the lab's sign-in service did not grant ${stillMissing.split(' ').join(', ')}: ask the lab's administrator for that permission.`;
        })
        .catch((error: unknown) => {
          this.#message = describeError(error);
          this.#options.log.warn(`lab sign-in failed: ${this.#message}`);
        })
        .finally(() => {
          clearTimeout(timeout);
          if (this.#pending?.redirect === redirect) this.#pending = null;
          void redirect.close();
          this.#changed(this.#message);
        });
      this.#pending = { redirect, done };
      this.#changed(null);
      return { authorizationUrl: authorizationUrl.href };
    } catch (error) {
      await redirect.close();
      throw error;
    }
  }

  /** The lab refused a call for want of `scope` (403 insufficient_scope): remembered for the next sign-in, and said. */
  scopeRefused(scope: string | undefined): void {
    if (!this.#record?.signedIn) return;
    const missing = scopesMissing(scope ?? null, this.#record.signedIn.tokens.scope) ?? scope ?? null;
    this.#scopeNeeded = computeScopeUnion(this.#scopeNeeded ?? undefined, missing ?? undefined) ?? null;
    const what = this.#scopeNeeded === null ? 'a wider permission' : this.#scopeNeeded.split(' ').join(', ');
    this.#changed(`The lab server needs ${what} for what you asked, which your sign-in does not grant. Sign in again to ask for it.`);
  }

  /** Settles when the pending sign-in finished (either way); the status says how. */
  async whenSignInSettled(): Promise<LabStatus> {
    await this.#pending?.done;
    return this.status();
  }

  /** A current access token, refreshed first when it is about to expire. */
  async accessToken(): Promise<string> {
    const signedIn = this.#record?.signedIn;
    if (!signedIn) throw new Error('Not signed in to the lab server: sign in under Settings → Lab server.');
    if (signedIn.tokens.expires_at - this.#refreshAhead > Date.now()) return signedIn.tokens.access_token;
    return (await this.refresh()).access_token;
  }

  /** Refreshes now (one refresh at a time); a refused refresh signs out and says why. */
  refresh(): Promise<LabTokens> {
    this.#refreshing ??= this.#refreshOnce().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  async #refreshOnce(): Promise<LabTokens> {
    const record = this.#record;
    const signedIn = record?.signedIn;
    if (!record || !signedIn) throw new Error('Not signed in to the lab server.');
    try {
      this.#issuer ??= await discoverLabIssuer(record.url);
      const tokens = await refreshTokens(this.#issuer, signedIn.clientId, signedIn.tokens);
      await this.#save({ ...record, signedIn: { ...signedIn, tokens } });
      this.#scheduleRefresh();
      return tokens;
    } catch (error) {
      const message = `The lab sign-in could not be renewed (${describeError(error)}): sign in again.`;
      await this.#save({ ...record, active: 'local', signedIn: null });
      this.#changed(message);
      throw new Error(message, { cause: error });
    }
  }

  /** Revokes the tokens where the issuer offers revocation, forgets them, and goes back to this computer. */
  async signOut(): Promise<LabStatus> {
    await this.#cancelPending();
    const record = this.#record;
    let message: string | null = null;
    if (record?.signedIn) {
      try {
        this.#issuer ??= await discoverLabIssuer(record.url);
        const revoked = await revokeTokens(this.#issuer, record.signedIn.clientId, record.signedIn.tokens);
        if (!revoked) message = 'Signed out. The lab\'s sign-in service offers no revocation: the last token stays valid until it expires.';
      } catch (error) {
        message = `Signed out here, but the tokens could not be revoked: ${describeError(error)}`;
      }
    }
    if (record) await this.#save({ ...record, active: 'local', signedIn: null });
    return this.#changed(message);
  }

  /** One click between this computer and the lab; the lab only once signed in. */
  async switchTo(side: LabSide): Promise<LabStatus> {
    const record = this.#record;
    if (side === 'lab' && !record?.signedIn) throw new Error('Sign in to the lab server before switching to it.');
    if (record && record.active !== side) await this.#save({ ...record, active: side });
    return this.#changed(null);
  }

  async close(): Promise<void> {
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    this.#refreshTimer = null;
    await this.#cancelPending();
  }

  async #cancelPending(): Promise<void> {
    const pending = this.#pending;
    this.#pending = null;
    if (pending) {
      await pending.redirect.close();
      await pending.done;
    }
  }

  #scheduleRefresh(): void {
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    this.#refreshTimer = null;
    const signedIn = this.#record?.signedIn;
    if (!signedIn || signedIn.tokens.refresh_token === null) return;
    const delay = Math.max(1_000, signedIn.tokens.expires_at - this.#refreshAhead - Date.now());
    this.#refreshTimer = setTimeout(() => {
      this.#refreshTimer = null;
      this.refresh().catch(() => undefined);
    }, delay).unref();
  }

  async #save(record: LabSessionRecord): Promise<void> {
    // A scope needed belongs to one person's sign-in at one lab.
    if (record.signedIn === null || record.url !== this.#record?.url) this.#scopeNeeded = null;
    this.#record = record;
    await this.#options.store.save(record);
  }

  #changed(message: string | null): LabStatus {
    this.#message = message;
    const status = this.status();
    this.#options.onChange(status);
    return status;
  }
}
