import { bearer, type PrincipalOf } from 'next-app-controllers';

// Any OIDC provider: a JWT in `Authorization: Bearer …`, verified with jose (npm install jose, 6.1 or later: 6.0.3
// broke the Edge runtime) against the provider's JWKS, fetched on first use and cached per scheme. The values below
// come from the provider's discovery document (`<issuer>/.well-known/openid-configuration`: `issuer`, `jwks_uri`).

// #region auth0
// Auth0: the audience is your API's identifier (Applications → APIs); the issuer ends with a slash.
export const auth0 = bearer({
  name: 'auth0',
  jwt: {
    jwks: 'https://your-tenant.eu.auth0.com/.well-known/jwks.json',
    issuer: 'https://your-tenant.eu.auth0.com/',
    audience: 'https://api.example.com',
    algorithms: ['RS256'],
  },
  // Auth0 puts granted scopes in `scope` and RBAC permissions in `permissions`.
  principal: (claims) => ({ id: claims.sub!, scope: claims.scope, roles: (claims.permissions as string[] | undefined) ?? [] }),
  scopes: { 'read:reports': 'Read reports' },
});
// #endregion auth0

// #region keycloak
// Keycloak: one realm is one issuer; the audience is the client id (add an "audience" mapper to the client scope, or
// Keycloak's access tokens carry only `account`). Realm roles are in realm_access.roles.
export const keycloak = bearer({
  name: 'keycloak',
  jwt: {
    jwks: 'https://sso.example.com/realms/acme/protocol/openid-connect/certs',
    issuer: 'https://sso.example.com/realms/acme',
    audience: 'reports-api',
  },
  principal: (claims) => ({
    id: claims.sub!,
    scope: claims.scope,
    roles: (claims.realm_access as { roles?: string[] } | undefined)?.roles ?? [],
  }),
});
// #endregion keycloak

// #region entra
// Microsoft Entra ID (v2.0 tokens: set `requestedAccessTokenVersion: 2` in the app's manifest): scopes are in `scp`,
// app roles in `roles`, both read as they are; the audience is the application (client) id.
const tenant = process.env.ENTRA_TENANT_ID ?? '00000000-0000-0000-0000-000000000000';
export const entra = bearer({
  name: 'entra',
  jwt: {
    jwks: `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
    issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
    audience: process.env.ENTRA_CLIENT_ID ?? '11111111-1111-1111-1111-111111111111',
  },
  principal: (claims) => ({ id: claims.oid as string, name: claims.name as string | undefined, scp: claims.scp, roles: claims.roles ?? [] }),
});
export type EntraUser = PrincipalOf<typeof entra>;
// #endregion entra
