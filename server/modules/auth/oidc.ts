import * as client from 'openid-client';

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string };

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Authorization code + PKCE against the configured provider, via openid-client. */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private getConfiguration(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.settings.issuer);
      // Plain http is only accepted for a provider on this machine (development and tests).
      const options =
        issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined;
      return client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, options);
    })().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  async buildAuthorizationUrl(
    redirectUri: string,
  ): Promise<{ url: URL; state: string; codeVerifier: string; nonce: string }> {
    const configuration = await this.getConfiguration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, codeVerifier, nonce };
  }

  async exchangeCode(callbackUrl: URL, expected: { state: string; codeVerifier: string; nonce: string }) {
    const configuration = await this.getConfiguration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider returned no ID token claims');
    return {
      sub: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : undefined,
      given_name: typeof claims.given_name === 'string' ? claims.given_name : undefined,
      family_name: typeof claims.family_name === 'string' ? claims.family_name : undefined,
      picture: typeof claims.picture === 'string' ? claims.picture : undefined,
      email_verified: claims.email_verified === true,
      idToken: tokens.id_token,
    };
  }

  async buildEndSessionUrl(postLogoutRedirectUri: string): Promise<URL | null> {
    const configuration = await this.getConfiguration();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.settings.clientId,
    });
  }
}
