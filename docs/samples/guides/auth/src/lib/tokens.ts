import { importJWK, SignJWT } from 'jose';

// #region issue
// The private key of the set's public one signs what your sign-in route hands out. JWT_PRIVATE_JWK stays on the
// server; make the pair once with jose: generateKeyPair('ES256', { extractable: true }), then exportJWK of each key.
let privateKey: ReturnType<typeof importJWK> | undefined;

export async function issueToken(user: { id: string; roles: string[] }): Promise<string> {
  privateKey ??= importJWK(JSON.parse(process.env.JWT_PRIVATE_JWK!), 'ES256');
  return new SignJWT({ roles: user.roles })
    .setProtectedHeader({ alg: 'ES256', kid: '2026-01' })
    .setSubject(user.id)
    .setIssuer('https://app.example.com')
    .setAudience('https://app.example.com/api')
    .setExpirationTime('15m')
    .sign(await privateKey);
}
// #endregion issue
