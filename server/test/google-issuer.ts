import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Google's token issuer on loopback: its own RSA key, a JWKS endpoint shaped like
 * https://www.googleapis.com/oauth2/v3/certs, and ID tokens signed like Google's.
 */
export async function startGoogleIssuer(clientId: string) {
  const { generateKeyPair, exportJWK, SignJWT } = await import('jose');
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    async idToken(
      claims: Record<string, unknown>,
      options: { audience?: string; issuer?: string; expiresIn?: string } = {},
    ) {
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
