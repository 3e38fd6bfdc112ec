import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** A JSON Web Key Set served on loopback, and tokens signed with its key. */
export interface JwksServer {
  url: string;
  /** Requests the server has answered. */
  hits: number;
  /** Makes the server answer 500 (an outage) or hang (a timeout) instead of the keys. */
  mode: 'up' | 'down' | 'hang';
  sign(claims: JWTPayload, options?: { issuer?: string; audience?: string; expiresIn?: string | number }): Promise<string>;
  close(): Promise<void>;
}

export const ISSUER = 'https://issuer.test';
export const AUDIENCE = 'https://api.test';

export async function startJwksServer(): Promise<JwksServer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const hanging: import('node:http').ServerResponse[] = [];
  const state: JwksServer = {
    url: '',
    hits: 0,
    mode: 'up',
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setIssuer(options.issuer ?? ISSUER)
        .setAudience(options.audience ?? AUDIENCE)
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(privateKey),
    close: () => new Promise((resolve) => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server: Server = createServer((request, response) => {
    state.hits += 1;
    if (state.mode === 'hang') return void hanging.push(response);
    if (state.mode === 'down') return void response.writeHead(500).end('down');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  state.url = `http://127.0.0.1:${address.port}/.well-known/jwks.json`;
  return state;
}
